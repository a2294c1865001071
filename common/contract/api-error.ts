import { z } from "../zod";

/** The one error shape of the API: a pt-BR message, and per-field detail on validation errors. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  /** Every rule a form broke, in order (the blog editor joins them as 'Erro de validação: ...'). */
  validation_errors: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
