/**
 * A deployment's name on a shared broker (NATS_NAMESPACE). Empty is the production default and
 * keeps today's names; any other value scopes streams, the subjects they store and request-reply
 * subjects, so deployments and test runs on one server never see each other's events or questions.
 * Durable consumers live inside streams, so a namespaced stream scopes its durables too.
 */

/** One NATS token that is also a valid stream-name part: no dots, wildcards or spaces. */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9_-]{0,64}$/;

/** `ns.auth.user.created` for `auth.user.created`; the subject itself when the namespace is empty. */
export function namespacedSubject(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** `ns_AUTH` for `AUTH` (stream names cannot hold dots). */
export function namespacedStream(namespace: string, stream: string): string {
  return namespace ? `${namespace}_${stream}` : stream;
}

export function assertNamespace(namespace: string): void {
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new Error(`Invalid NATS namespace ${JSON.stringify(namespace)}: use at most 64 letters, digits, _ and -`);
  }
}
