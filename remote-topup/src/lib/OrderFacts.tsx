/** An order's facts as label and value pairs, in the order pages' two-column list. */
export function OrderFacts({ facts, testId }: { readonly facts: ReadonlyArray<readonly [string, string]>; readonly testId?: string }) {
  return (
    <dl className="od-facts" data-testid={testId}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
