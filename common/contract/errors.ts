import { z } from "../zod";

/** The one error shape of the API: a pt-BR message, and per-field detail on validation errors. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  /** Every rule a form broke, in order (the blog editor joins them as 'Erro de validação: ...'). */
  validation_errors: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const GENERIC_ERROR = "Ocorreu um erro inesperado. Tente novamente.";
export const CONNECTION_ERROR = "Erro de conexão. Tente novamente.";
export const TOO_MANY_REQUESTS = "Muitas tentativas. Aguarde um pouco e tente novamente.";
export const NOT_FOUND = "Não encontrado.";
export const UNAUTHENTICATED = "Faça login para continuar.";
export const FORBIDDEN = "Acesso negado.";
export const CROSS_ORIGIN = "Requisição de outra origem recusada.";
