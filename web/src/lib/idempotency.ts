/**
 * One Idempotency-Key per composed message: a send of the same text to the same place after a
 * failure (the page puts the text back for a resend) reuses the key of the failed attempt, so if the
 * first attempt did arrive after all (a timeout), the service answers with it instead of a double.
 * Once a send succeeds its key is forgotten: the same words sent again later are a new message.
 */
const pendingKeys = new Map<string, string>();

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export async function withSendKey<T>(scope: string, send: (key: string) => Promise<T>): Promise<T> {
  const key = pendingKeys.get(scope) ?? crypto.randomUUID();
  pendingKeys.set(scope, key);
  const result = await send(key);
  pendingKeys.delete(scope);
  return result;
}
