import type { Kysely } from 'kysely';

// Payments through Stripe (docs/payment.md): a card payment is recorded once per Checkout session however often its
// webhook is delivered (the unique session id); an invoice item is kept with its Stripe id; an organization billed by
// invoice has its Stripe customer; what a project has paid for a module is summed by project.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('stripe_invoice_item_id', 'text')
    .addColumn('user_email', 'text')
    .execute();
  await db.schema.createIndex('payments_project_module_idx').on('payments').columns(['project_id', 'module']).execute();
  await db.schema.alterTable('orgs').addColumn('stripe_customer_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orgs').dropColumn('stripe_customer_id').execute();
  await db.schema.dropIndex('payments_project_module_idx').execute();
  await db.schema
    .alterTable('payments')
    .dropColumn('user_email')
    .dropColumn('stripe_invoice_item_id')
    .dropColumn('stripe_session_id')
    .execute();
}
