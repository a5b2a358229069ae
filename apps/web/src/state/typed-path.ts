import type { Model } from '@edrf/model';
import type { EditRequest } from './history';

/**
 * An edit request whose path is checked against the model's types: a panel writes
 * `setAt(['elec', 'trays', id, 'width'], 0.4)`, and a wrong field name or a value of the wrong type
 * fails to compile instead of reaching the server at sync.
 */
type At<T, K> = K extends keyof NonNullable<T> ? NonNullable<T>[K] : never;

export function setAt<A extends keyof Model>(path: readonly [A], value: Model[A]): EditRequest;
export function setAt<A extends keyof Model, B extends keyof NonNullable<Model[A]>>(
  path: readonly [A, B],
  value: At<Model[A], B>,
): EditRequest;
export function setAt<A extends keyof Model, B extends keyof NonNullable<Model[A]>, C extends keyof NonNullable<At<Model[A], B>>>(
  path: readonly [A, B, C],
  value: At<At<Model[A], B>, C>,
): EditRequest;
export function setAt<
  A extends keyof Model,
  B extends keyof NonNullable<Model[A]>,
  C extends keyof NonNullable<At<Model[A], B>>,
  D extends keyof NonNullable<At<At<Model[A], B>, C>>,
>(path: readonly [A, B, C, D], value: At<At<At<Model[A], B>, C>, D>): EditRequest;
export function setAt<
  A extends keyof Model,
  B extends keyof NonNullable<Model[A]>,
  C extends keyof NonNullable<At<Model[A], B>>,
  D extends keyof NonNullable<At<At<Model[A], B>, C>>,
  E extends keyof NonNullable<At<At<At<Model[A], B>, C>, D>>,
>(path: readonly [A, B, C, D, E], value: At<At<At<At<Model[A], B>, C>, D>, E>): EditRequest;
export function setAt(path: readonly PropertyKey[], value: unknown): EditRequest {
  return { path: path as EditRequest['path'], value };
}
