import { z } from 'zod';
import { ACCESS_LEVELS } from './access.ts';

/** Apart from access.ts so the tiers and their rules load without zod (the sign-in page does without it). */
export const accessLevelSchema = z.enum(ACCESS_LEVELS);
