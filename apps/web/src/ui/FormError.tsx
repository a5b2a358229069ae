/** A form's message about what the user entered or what the server refused. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** The message of a failed schema check, for FormError. */
export const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid input';
