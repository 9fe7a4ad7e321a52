import { ZodError } from 'zod';
import { validationErrorBody } from './error-middleware.ts';
import { HttpError } from './http-errors.ts';

/** A request-reply answer that carries its HTTP meaning, so the asking service answers its caller the same way. */
export type RpcAnswer<T> = { ok: true; value: T } | { ok: false; statusCode: number; message: string };

/**
 * Runs a request-reply handler and answers its outcome as data: a refusal keeps its status and
 * message for the caller (a thrown error would reach it only as 'the service failed').
 */
export async function answerAsData<T>(work: () => Promise<T>): Promise<RpcAnswer<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof ZodError) return { ok: false, statusCode: 400, message: validationErrorBody(error).message };
    if (error instanceof HttpError && error.statusCode < 500)
      return { ok: false, statusCode: error.statusCode, message: error.message };
    throw error;
  }
}
