import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { goBack } from '../create-post/navigation.ts';
import SignInPrompt, { useHasToken } from '../create-post/SignInPrompt.tsx';
import CommentBox from './CommentBox.tsx';
import CommentList from './CommentList.tsx';
import CommunitySidebar from './CommunitySidebar.tsx';
import PostArticle from './PostArticle.tsx';
import { $detail, isCommentSort, loadMoreComments, loadPostDetail, revealComment } from './post-detail.store.ts';
import { useT, withLang } from '../../i18n/use-t.tsx';

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

function BackButton({ label }: { label?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={() => goBack()}
      className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-semibold hover:bg-canvas"
    >
      {label ?? t('common.back')}
    </button>
  );
}

/** /home/comments/{postId}: the post, its comments and the comment box; the data loads in the browser with the token. */
function PostDetail({ postId }: { postId: string }) {
  const t = useT();
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
        {t('postDetail.loading')}
      </p>
    );
  }
  if (detail.status === 'error') {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-line bg-surface p-8 text-center">
        <h1 className="mb-2 text-xl font-bold">{t('postDetail.errorTitle')}</h1>
        <p className="mb-4 text-muted">{t('postDetail.errorText')}</p>
        <BackButton label={t('postDetail.goBack')} />
      </div>
    );
  }

  const { post } = detail;
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <div className="min-w-0 flex-1 space-y-4">
        <BackButton />
        <PostArticle post={post} />
        {signedIn === false ? <SignInPrompt message={t('postDetail.signInToComment')} /> : <CommentBox />}
        <CommentList
          comments={detail.comments}
          hasMore={detail.nextPage !== null}
          loadingMore={detail.loadingMore}
          onMore={() => void loadMoreComments(postId)}
        />
      </div>
      <div className="w-full shrink-0 lg:w-80">
        <CommunitySidebar fallbackName={post.circle.name} />
      </div>
    </div>
  );
}

export default withLang(PostDetail);
