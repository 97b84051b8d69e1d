/**
 * The error under a form field, announced when it appears. `keepSpace` keeps the (empty) alert in the page so the
 * layout does not jump and a later message is announced into a region that already exists; without it nothing is
 * rendered until there is a message.
 */
export default function FieldError({ id, message, keepSpace = false }: { id: string; message?: string | null; keepSpace?: boolean }) {
  if (!message && !keepSpace) return null;
  return (
    <p id={id} role="alert" className={keepSpace ? 'field-error min-h-5' : 'field-error'}>
      {message}
    </p>
  );
}
