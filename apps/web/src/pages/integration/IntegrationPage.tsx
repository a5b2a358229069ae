/** How a program of the user's (a plug-in, a script) gets access through the grant flow (docs/auth.md). */
export function IntegrationPage() {
  const origin = window.location.origin;
  return (
    <section className="page prose">
      <header className="page-header">
        <h1>Integration</h1>
      </header>
      <p>A program can act as you in edrf once you grant it access. It asks for access like this:</p>
      <ol>
        <li>
          The program makes a random <code>code_verifier</code> (43–128 characters) and its <code>code_challenge</code>, the base64url
          SHA-256 of the verifier.
        </li>
        <li>
          It opens <code>{origin}/grant?client_id=NAME&amp;code_challenge=CHALLENGE&amp;code_method=S256</code> in your browser, where you
          answer Yes or No.
        </li>
        <li>
          It sends <code>POST {origin}/front/grant_token</code> with <code>{'{"code_verifier": "…"}'}</code> until the answer is not 404:
          200 gives <code>{'{token, email}'}</code>, 403 means you said No. A grant waits 10 minutes and works once.
        </li>
        <li>
          It calls the API with <code>Authorization: Bearer TOKEN</code> and <code>Edrf-Schema: 5</code>. The token is valid for 30 days.
        </li>
      </ol>
    </section>
  );
}
