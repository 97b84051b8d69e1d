/**
 * The content editor's screen: the pages and the state of their translations, the form made from the collection's
 * schema, the MDX text with the site's components one click away, and the page as the site renders it. Saving
 * writes the real file (the server checks it with the same schema first); `astro dev` then shows the new text in
 * the preview. An editor's tool in `npm run dev`, in English.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditorField } from './editor-fields.ts';

type TranslationState = 'current' | 'behind' | 'behind-material' | 'missing';
type Listed = {
  id: string;
  title?: string;
  version: number;
  translations: { id: string; lang: string; state: TranslationState; source_version: number | null }[];
};
type Loaded = { id: string; frontmatter: Record<string, unknown>; body: string; preview: string };
type Problems = Record<string, string[]>;

const STATE_LABEL: Record<TranslationState, string> = {
  current: 'current',
  behind: 'behind (minor change)',
  'behind-material': 'behind a material change',
  missing: 'not translated',
};

async function call<T>(url: string, init?: RequestInit): Promise<{ ok: boolean; data: T }> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  return { ok: response.ok, data: (await response.json()) as T };
}

/** The last save's message, kept across the reload astro dev does when a page file changes. */
const STATUS_KEY = 'bsq-editor-status';

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export default function ContentEditor({ fields, components }: { fields: EditorField[]; components: { tag: string; label: string }[] }) {
  const [pages, setPages] = useState<Listed[]>([]);
  const [page, setPage] = useState<Loaded | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState('');
  const [previewKey, setPreviewKey] = useState(0);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const refreshList = useCallback(async () => setPages((await call<{ pages: Listed[] }>('/editor/api/pages')).data.pages), []);

  const open = useCallback(async (id: string, note = '') => {
    const { ok, data } = await call<Loaded>(`/editor/api/pages/${id}`);
    if (!ok) return setStatus(`Could not open ${id}.`);
    // The open page is in the address: astro dev reloads every open page when a content file changes, this one too.
    window.history.replaceState(null, '', `/editor?page=${encodeURIComponent(id)}`);
    setPage(data);
    setValues(data.frontmatter);
    setBody(data.body);
    setProblems({});
    setStatus(note);
  }, []);

  useEffect(() => {
    void refreshList();
    const id = new URLSearchParams(window.location.search).get('page');
    const note = sessionStorage.getItem(STATUS_KEY) ?? '';
    sessionStorage.removeItem(STATUS_KEY);
    if (id) void open(id, note);
  }, [refreshList, open]);

  const frontmatter = () => {
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const value = values[field.name];
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0 && !field.required && field.kind !== 'list'))
        continue;
      out[field.name] = value;
    }
    return out;
  };

  const save = async () => {
    if (!page) return;
    setStatus('Saving…');
    const saved = `Saved ${page.id}.mdx. The preview shows the new text.`;
    // astro dev reloads this page as soon as the file is written, often before the answer arrives: the message waits
    // for it in the session. Only a successful save writes the file, so a refused one never reloads.
    sessionStorage.setItem(STATUS_KEY, saved);
    const { ok, data } = await call<Loaded & { problems?: Problems }>(`/editor/api/pages/${page.id}`, {
      method: 'PUT',
      body: JSON.stringify({ frontmatter: frontmatter(), body }),
    });
    if (!ok) {
      sessionStorage.removeItem(STATUS_KEY);
      setProblems(data.problems ?? {});
      return setStatus('Not saved: fix the fields marked below.');
    }
    setProblems({});
    setPage(data);
    setValues(data.frontmatter);
    setStatus(saved);
    await refreshList();
    setPreviewKey((key) => key + 1);
  };

  const newVersion = async (form: HTMLFormElement) => {
    if (!page) return;
    const data = new FormData(form);
    const { ok, data: answer } = await call<Loaded & { problems?: Problems }>(`/editor/api/pages/${page.id}/new-version`, {
      method: 'POST',
      body: JSON.stringify({
        effective: data.get('effective'),
        material: data.get('material') === 'on',
        changes: String(data.get('changes') ?? '').split('\n'),
      }),
    });
    if (!ok) {
      setProblems(answer.problems ?? {});
      return setStatus('No new version: fix the fields marked below.');
    }
    setPage(answer);
    setValues(answer.frontmatter);
    setBody(answer.body);
    setStatus(`Version ${asText(answer.frontmatter.version)} started; the earlier one is kept for the history page.`);
    await refreshList();
  };

  const insert = (tag: string) => {
    const area = bodyRef.current;
    if (!area) return;
    const at = area.selectionStart ?? body.length;
    const next = `${body.slice(0, at)}${tag}${body.slice(area.selectionEnd ?? at)}`;
    setBody(next);
    requestAnimationFrame(() => {
      area.focus();
      area.selectionStart = area.selectionEnd = at + tag.length;
    });
  };

  const set = (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <div className="grid min-h-screen gap-4 p-4 lg:grid-cols-[16rem_minmax(0,1fr)_minmax(0,1fr)]">
      <nav aria-label="Pages" className="text-sm">
        <h1 className="text-lg font-bold">Content editor</h1>
        <p className="mt-1 text-muted">Pick a page. A translation marked behind needs the English changes carried over.</p>
        <ul className="mt-3 grid gap-3">
          {pages.map((listed) => (
            <li key={listed.id}>
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void open(listed.id)}>
                {listed.title ?? listed.id}
              </button>{' '}
              <span className="text-muted">v{listed.version}</span>
              <ul className="ml-3 mt-1 grid gap-1">
                {listed.translations.map((translation) => (
                  <li key={translation.id} data-translation={translation.id} data-state={translation.state}>
                    {translation.state === 'missing' ? (
                      <span>{translation.lang}</span>
                    ) : (
                      <button type="button" className="text-brand-700 underline" onClick={() => void open(translation.id)}>
                        {translation.lang}
                      </button>
                    )}
                    :{' '}
                    <span className={translation.state === 'behind-material' ? 'font-semibold text-red-700' : 'text-muted'}>
                      {STATE_LABEL[translation.state]}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>

      {page ? (
        <section aria-label={`Editing ${page.id}`} className="grid content-start gap-3 text-sm">
          <h2 className="text-lg font-bold">{page.id}.mdx</h2>
          {fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              value={values[field.name]}
              problems={problems[field.name]}
              onChange={(value) => set(field.name, value)}
            />
          ))}
          {Object.entries(problems)
            .filter(([name]) => !fields.some((field) => field.name === name))
            .map(([name, messages]) => (
              <p key={name} role="alert" className="text-red-700">
                {name}: {messages.join(' ')}
              </p>
            ))}
          <div>
            <label htmlFor="page-body" className="font-semibold">
              Text (MDX)
            </label>
            <div className="mt-1 flex flex-wrap gap-2" role="group" aria-label="Insert a component">
              {components.map((component) => (
                <button
                  key={component.tag}
                  type="button"
                  className="btn border border-line px-2 py-1 text-xs"
                  onClick={() => insert(component.tag)}
                >
                  Insert: {component.label}
                </button>
              ))}
            </div>
            <textarea
              id="page-body"
              ref={bodyRef}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              rows={24}
              className="mt-2 w-full rounded border border-line bg-surface p-2 font-mono text-xs"
            />
          </div>
          <div className="flex items-center gap-3">
            <button type="button" className="btn btn-primary" onClick={() => void save()}>
              Save
            </button>
            <p role="status" className="text-muted">
              {status}
            </p>
          </div>
          <details className="rounded border border-line p-3">
            <summary className="font-semibold">Start a new version</summary>
            <form
              className="mt-2 grid gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void newVersion(event.currentTarget);
              }}
            >
              <p className="text-muted">
                Keeps the page as it is now for its history, then raises the version. Material: members must agree again.
              </p>
              <label className="grid gap-1">
                Takes effect on
                <input name="effective" type="date" required className="rounded border border-line bg-surface p-1" />
              </label>
              <label className="flex items-center gap-2">
                <input name="material" type="checkbox" /> Material change
              </label>
              <label className="grid gap-1">
                What changes (one point a line)
                <textarea name="changes" rows={3} className="rounded border border-line bg-surface p-1" />
              </label>
              <button type="submit" className="btn border border-line">
                Start version {Number(values.version ?? 1) + 1}
              </button>
            </form>
          </details>
        </section>
      ) : (
        <p className="text-sm text-muted">No page open.</p>
      )}

      {page && (
        <section aria-label="Preview" className="min-h-[70vh]">
          <p className="text-sm text-muted">
            Preview of{' '}
            <a href={page.preview} className="underline">
              {page.preview}
            </a>
            , as the site renders it.
          </p>
          <iframe
            key={previewKey}
            title="Preview"
            src={page.preview}
            className="mt-2 h-[85vh] w-full rounded border border-line bg-white"
          />
        </section>
      )}
    </div>
  );
}

function FieldInput({
  field,
  value,
  problems,
  onChange,
}: {
  field: EditorField;
  value: unknown;
  problems?: string[];
  onChange: (value: unknown) => void;
}) {
  const id = `field-${field.name}`;
  const described = problems?.length ? `${id}-problem` : undefined;
  const common = {
    id,
    'aria-invalid': problems?.length ? true : undefined,
    'aria-describedby': described,
    className: 'w-full rounded border border-line bg-surface p-1',
  };
  let input;
  switch (field.kind) {
    case 'boolean':
      input = (
        <input
          {...common}
          className="h-4 w-4"
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
      break;
    case 'number':
      input = (
        <input
          {...common}
          type="number"
          value={asText(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      );
      break;
    case 'date':
      input = <input {...common} type="date" value={asText(value).slice(0, 10)} onChange={(event) => onChange(event.target.value)} />;
      break;
    case 'choice':
      input = (
        <select {...common} value={asText(value)} onChange={(event) => onChange(event.target.value || undefined)}>
          {!field.required && <option value="">(default)</option>}
          {field.options?.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      );
      break;
    case 'textarea':
      input = <textarea {...common} rows={3} value={asText(value)} onChange={(event) => onChange(event.target.value)} />;
      break;
    case 'list':
      input = (
        <textarea
          {...common}
          rows={3}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(event) => onChange(event.target.value.split('\n'))}
          onBlur={(event) => onChange(event.target.value.split('\n').filter((line) => line.trim() !== ''))}
        />
      );
      break;
    case 'history':
      input = (
        <ol {...common} className="grid gap-1 rounded border border-line p-2 text-xs text-muted">
          {(Array.isArray(value) ? (value as { version: number; effective: string; material: boolean; changes: string[] }[]) : []).map(
            (past) => (
              <li key={past.version}>
                v{past.version}, {asText(past.effective).slice(0, 10)}
                {past.material ? ', material' : ''}: {past.changes.join(' ')}
              </li>
            ),
          )}
        </ol>
      );
      break;
    default:
      input = (
        <input {...common} type="text" maxLength={field.max} value={asText(value)} onChange={(event) => onChange(event.target.value)} />
      );
  }
  return (
    <div className={field.kind === 'boolean' ? 'flex items-center gap-2' : 'grid gap-1'}>
      <label htmlFor={id} className="font-semibold">
        {field.name}
        {field.required ? ' *' : ''}
      </label>
      {input}
      {field.hint && <span className="text-xs text-muted">{field.hint}</span>}
      {problems?.length ? (
        <span id={described} role="alert" className="text-xs text-red-700">
          {problems.join(' ')}
        </span>
      ) : null}
    </div>
  );
}
