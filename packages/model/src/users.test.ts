import { describe, expect, it } from 'vitest';
import { isValidEmail, userFormSchema } from './users.js';

describe('e-mail addresses (P§5)', () => {
  it('need an @ and a dot-separated domain', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('ada@mail.example.co.uk')).toBe(true);
    expect(isValidEmail('ada@example')).toBe(false);
    expect(isValidEmail('ada.example.com')).toBe(false);
    expect(isValidEmail('ada@example..com')).toBe(false);
    expect(isValidEmail('a da@example.com')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});

describe('the admin user form', () => {
  it('normalizes the e-mail and requires a known provider', () => {
    expect(userFormSchema.parse({ email: ' Ada@Example.COM ', provider: 'google' })).toEqual({
      email: 'ada@example.com',
      provider: 'google',
      is_admin: false,
    });
    expect(userFormSchema.safeParse({ email: 'ada@example.com', provider: '' }).success).toBe(false);
    expect(userFormSchema.safeParse({ email: 'ada@example.com', provider: 'github' }).success).toBe(false);
    expect(userFormSchema.safeParse({ email: 'ada@example.com', provider: 'passcode', is_admin: 'yes' }).success).toBe(false);
  });
});
