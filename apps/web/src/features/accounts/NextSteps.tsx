/** A numbered list of what happens next (after the application, during the review). */
export function NextSteps({
  id,
  title,
  steps,
}: {
  id: string;
  title: string;
  steps: ReadonlyArray<{ key: string; title: string; text: string }>;
}) {
  return (
    <section className="next-steps" aria-labelledby={id}>
      <h2 id={id} className="next-steps__title">
        {title}
      </h2>
      <ol className="next-steps__list">
        {steps.map((step) => (
          <li key={step.key} className="next-steps__item">
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
