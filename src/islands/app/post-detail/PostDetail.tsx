import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { goBack } from '../create-post/navigation.ts';
import SignInPrompt, { useHasToken } from '../create-post/SignInPrompt.tsx';
import CommentBox from './CommentBox.tsx';
import CommentList from './CommentList.tsx';
import CommunitySidebar from './CommunitySidebar.tsx';
import PostArticle from './PostArticle.tsx';
import { $detail, isCommentSort, loadMoreComments, loadPostDetail, revealComment } from './post-detail.store.ts';
import { withLang } from '../../i18n/use-t.tsx';

/** What the address asks for: `?sort=`, `?thread=` ("Continue this thread") and `#comment-{id}` (a shared comment). */
function addressOptions() {
  const url = new URL(window.location.href);
  const sort = url.searchParams.get('sort');
  const thread = Number(url.searchParams.get('thread'));
  const highlight = Number(/^#comment-(\d+)$/.exec(url.hash)?.[1]);
  return {
    sort: isCommentSort(sort) ? sort : undefined,
    thread: Number.isSafeInteger(thread) && thread > 0 ? thread : null,
    highlight: Number.isSafeInteger(highlight) && highlight > 0 ? highlight : null,
  };
}

function BackButton({ label = 'Back' }: { label?: string }) {
  return (
    <button type="button" onClick={() => goBack()} className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-semibold hover:bg-canvas">
      {label}
    </button>
  );
}

/** /home/comments/{postId}: the post, its comments and the comment box; the data loads in the browser with the token. */
function PostDetail({ postId }: { postId: string }) {
  const detail = useStore($detail);
  const signedIn = useHasToken();

  useEffect(() => {
    void loadPostDetail(postId, addressOptions());
    const onHash = () => {
      const { highlight } = addressOptions();
      if (highlight) void revealComment(highlight);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [postId]);

  if (detail.status === 'loading') {
    return (
      <p role="status" className="py-10 text-center text-muted">
        Loading post...
      </p>
    );
  }
  if (detail.status === 'error') {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-line bg-surface p-8 text-center">
        <h1 className="mb-2 text-xl font-bold">Error Loading Comments</h1>
        <p className="mb-4 text-muted">This post could not be loaded. It may have been removed, or it belongs to a private channel.</p>
        <BackButton label="Go back" />
      </div>
    );
  }

  const { post } = detail;
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <div className="min-w-0 flex-1 space-y-4">
        <BackButton />
        <PostArticle post={post} />
        {signedIn === false ? <SignInPrompt message="Log in to join the conversation." /> : <CommentBox />}
        <CommentList comments={detail.comments} hasMore={detail.nextPage !== null} loadingMore={detail.loadingMore} onMore={() => void loadMoreComments(postId)} />
      </div>
      <div className="w-full shrink-0 lg:w-80">
        <CommunitySidebar fallbackName={post.circle.name} />
      </div>
    </div>
  );
}

export default withLang(PostDetail);
