interface Props {
  heading: string;
  text: string;
  backHref: string;
  backLabel: string;
}

/** What a page shows for a thing that does not exist (a bad id, or a 404 from the API). */
export function NotFoundState({ heading, text, backHref, backLabel }: Props) {
  return (
    <section className="form-card detail-page not-found-state" aria-labelledby="not-found-state-title">
      <h1 id="not-found-state-title">{heading}</h1>
      <p>{text}</p>
      <p className="form-links">
        <a href={backHref}>{backLabel}</a>
      </p>
    </section>
  );
}
