/** A dialog field's refusal, announced when it appears; the field names it with aria-describedby. */
export function DialogError({ id, shown, message }: { id: string; shown: boolean; message: string }) {
  return shown ? (
    <div id={id} className="rich-editor__dialog-error" role="alert">
      {message}
    </div>
  ) : null;
}
