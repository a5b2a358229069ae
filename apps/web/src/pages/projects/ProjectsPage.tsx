/** The project list (P§2). Organizations and projects arrive with their own issue; until then there are none. */
export function ProjectsPage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1>Projects</h1>
      </header>
      <div className="empty-state">No projects</div>
    </section>
  );
}
