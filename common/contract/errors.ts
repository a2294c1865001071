// The API's pt-BR error messages. Their shape on the wire is ./api-error.ts: this file stays free of
// zod, so the browser's smallest scripts (web/app/islands.tsx) can say a connection failed.
export const GENERIC_ERROR = "Ocorreu um erro inesperado. Tente novamente.";
export const CONNECTION_ERROR = "Erro de conexão. Tente novamente.";
/** The database (or another service the answer needs) is away for a moment: 503, retried later. */
export const SERVICE_UNAVAILABLE = "Serviço temporariamente indisponível. Tente novamente em instantes.";
export const TOO_MANY_REQUESTS = "Muitas tentativas. Aguarde um pouco e tente novamente.";
export const NOT_FOUND = "Não encontrado.";
export const UNAUTHENTICATED = "Faça login para continuar.";
export const FORBIDDEN = "Acesso negado.";
export const CROSS_ORIGIN = "Requisição de outra origem recusada.";
export const INVALID_DATA = "Dados inválidos.";
export const JSON_ONLY = "Envie os dados como JSON.";
export const BODY_TOO_LARGE = "Os dados enviados são grandes demais.";
/** A path with a malformed percent-escape (`/api/x/%zz`) or a parameter too long. */
export const INVALID_ADDRESS = "Endereço inválido.";
/** Answered on the socket, before any route: a request the HTTP parser refuses. */
export const BAD_REQUEST = "Requisição inválida.";
export const HEADERS_TOO_LARGE = "Os cabeçalhos da requisição são grandes demais.";
export const REQUEST_TIMEOUT = "A requisição demorou demais. Tente novamente.";
