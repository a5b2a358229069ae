/** The organization list (P§2). Organizations arrive with their own issue; until then there are none. */
export function OrgsPage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1>Organizations</h1>
      </header>
      <div className="empty-state">No organizations</div>
    </section>
  );
}
