/** A fire page whose screen a later issue builds: it says plainly what it will hold. */
export function PlannedPage({ title, holds }: { title: string; holds: string }) {
  return (
    <div className="page planned-page">
      <h1>{title}</h1>
      <p>{holds}</p>
      <p className="muted">This screen is not built yet.</p>
    </div>
  );
}

/** What each fire page not yet built will hold (F§2). */
export const PLANNED = {
  routes: { title: 'Routes', holds: 'Cable routes on the storey plans, drawn by hand or optimized.' },
  export: { title: 'Export', holds: "The regulation's documents: buying and downloading them." },
} as const;
