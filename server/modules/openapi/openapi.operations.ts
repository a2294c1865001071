import { SHORT_URL_SEARCH_COUNT_MAX } from "../../../common/contract/shortened-urls";

// What the OpenAPI document says about each operation a key can call that the routes' own schemas
// cannot: a pt-BR summary and description, and an example body. Request bodies, parameters,
// queries and the answers (status and shape) come from the routes' zod schemas themselves
// (openapi.document.ts), so they never drift. A route a key can call without an entry here fails
// openapi.test.ts.

export const TAGS = {
  links: {
    name: "Links curtos",
    description: "Os links curtos da sua conta: criar, listar, editar e excluir.",
  },
  pages: {
    name: "Link Bio",
    description: "As suas páginas Link Bio e os blocos (links, textos, redes sociais, Pix…) de cada uma.",
  },
  analytics: {
    name: "Análises",
    description: "Os cliques da sua conta, de cada link curto e de cada página Link Bio.",
  },
  leads: {
    name: "Contatos",
    description:
      "Os contatos recebidos pelos formulários das suas páginas Link Bio, com o registro do consentimento de cada um.",
  },
} as const;

export type OperationDoc = {
  summary: string;
  description: string;
  /** The answer is a CSV file instead of JSON (200); a route with no response schema otherwise answers 204. */
  csv?: boolean;
  /** The operation answers 409 when a code or slug is already taken on the domain. */
  conflict?: true;
  /** Response headers worth knowing. */
  headers?: Record<string, string>;
  /** An example request body, for the document and the curl on /api/docs. */
  example?: unknown;
};

/** By "METHOD /path" as Fastify registers it. */
export const OPERATIONS: Record<string, OperationDoc> = {
  "GET /api/shortened-urls": {
    summary: "Listar links curtos",
    description:
      "Os seus links curtos, dos mais novos aos mais antigos, filtrados por `q` (título, URL ou código) e paginados por `limit` e `offset`.",
    headers: {
      "X-Total-Count": `Quantos links correspondem à busca, em todas as páginas. Ausente quando uma busca encontra mais de ${SHORT_URL_SEARCH_COUNT_MAX.toLocaleString("pt-BR")}: eles não são contados além disso.`,
    },
  },
  "POST /api/shortened-urls": {
    summary: "Criar link curto",
    description:
      "Encurta uma URL com um código aleatório ou com o seu próprio código (único no domínio), dentro do limite do seu plano.",
    conflict: true,
    example: { original_url: "https://exemplo.com.br/promocao", title: "Promoção de verão" },
  },
  "GET /api/shortened-urls/export.csv": {
    summary: "Exportar links curtos (CSV)",
    description:
      "Todos os seus links curtos num arquivo CSV (UTF-8 com BOM, separado por ponto e vírgula, como o Excel em português abre), com a contagem de cliques.",
    csv: true,
  },
  "POST /api/shortened-urls/import": {
    summary: "Importar links curtos (CSV)",
    description:
      "Cria links a partir do texto de um CSV com as colunas `original_url,title,custom_code,expires_at` (vírgula ou ponto e vírgula). As linhas válidas são criadas, dentro do limite do plano; as outras voltam em `refused` com a linha e o motivo.",
    example: {
      csv: "original_url,title\nhttps://exemplo.com.br/a,Primeiro\nhttps://exemplo.com.br/b,Segundo\n",
    },
  },
  "GET /api/shortened-urls/:id": {
    summary: "Ver link curto",
    description: "Um dos seus links curtos.",
  },
  "PUT /api/shortened-urls/:id": {
    summary: "Editar link curto",
    description:
      "Altera o destino, o título, a validade, as regras ou a senha; o código só muda enquanto o link não tiver cliques. Campos ausentes ficam como estão.",
    conflict: true,
    example: { original_url: "https://exemplo.com.br/nova-promocao" },
  },
  "DELETE /api/shortened-urls/:id": {
    summary: "Excluir link curto",
    description: "Exclui o link e os seus cliques; o redirecionamento para na hora.",
  },
  "GET /api/link-pages": {
    summary: "Listar páginas Link Bio",
    description: "As suas páginas Link Bio, com a quantidade de links de cada uma.",
  },
  "POST /api/link-pages": {
    summary: "Criar página Link Bio",
    description:
      "Cria uma página Link Bio com o slug (único no domínio) e a aparência escolhidos; links, opcional, cria também os primeiros links, nesta ordem, junto com a página (ou nada é criado).",
    conflict: true,
    example: { slug: "minha-loja", title: "Minha Loja", description: "Links da loja" },
  },
  "GET /api/link-pages/:id": {
    summary: "Ver página Link Bio",
    description: "Uma das suas páginas Link Bio.",
  },
  "PUT /api/link-pages/:id": {
    summary: "Editar página Link Bio",
    description: "Substitui os dados e a aparência da página; a página pública muda na hora.",
    conflict: true,
    example: { slug: "minha-loja", title: "Minha Loja", background_color: "#ffffff" },
  },
  "DELETE /api/link-pages/:id": {
    summary: "Excluir página Link Bio",
    description: "Exclui a página e os seus links.",
  },
  "GET /api/link-pages/:id/links": {
    summary: "Listar links da página",
    description: "Os links (botões) da página, na ordem em que aparecem.",
  },
  "POST /api/link-pages/:id/links": {
    summary: "Adicionar link à página",
    description: "Adiciona um botão ao fim da página.",
    example: { title: "Meu site", url: "https://exemplo.com.br" },
  },
  "PUT /api/link-pages/:id/links/order": {
    summary: "Reordenar links da página",
    description: "Recebe os ids dos links da página na nova ordem e devolve os links reordenados.",
    example: { link_ids: [3, 1, 2] },
  },
  "PUT /api/links/:id": {
    summary: "Editar link da página",
    description: "Altera o título, a URL ou o estilo de um botão; campos ausentes ficam como estão.",
    example: { title: "Meu novo site" },
  },
  "DELETE /api/links/:id": {
    summary: "Excluir link da página",
    description: "Remove um botão da página.",
  },
  "GET /api/link-pages/:id/blocks": {
    summary: "Listar blocos da página",
    description:
      "Todos os blocos da página (links, títulos, textos, imagens, redes sociais, players, WhatsApp, Pix, contato, perguntas e divisores), na ordem em que aparecem.",
  },
  "POST /api/link-pages/:id/blocks": {
    summary: "Adicionar bloco à página",
    description:
      "Adiciona um bloco ao fim da página. Os dados (`data`) são validados conforme o tipo; `starts_at` e `ends_at` agendam quando ele aparece.",
    example: { type: "whatsapp", data: { phone: "(11) 98765-4321", message: "Olá! Vim pela sua página." } },
  },
  "PUT /api/link-pages/:id/blocks/order": {
    summary: "Reordenar blocos da página",
    description: "Recebe os ids de todos os blocos da página na nova ordem e devolve os blocos reordenados.",
    example: { ids: [3, 1, 2] },
  },
  "PUT /api/blocks/:id": {
    summary: "Editar bloco",
    description:
      "Altera os dados, a chave liga/desliga ou o agendamento de um bloco; campos ausentes ficam como estão. O tipo não muda.",
    example: { is_active: false },
  },
  "DELETE /api/blocks/:id": {
    summary: "Excluir bloco",
    description: "Remove o bloco da página, com os cliques dele.",
  },
  "GET /api/analytics": {
    summary: "Resumo de cliques da conta",
    description:
      "Os cartões da tela Analytics: cliques de hoje, da semana, do mês e do total, com os períodos anteriores, e os países que mais clicam.",
  },
  "GET /api/analytics/advanced": {
    summary: "Cliques por dia da conta",
    description:
      "Os cliques de cada dia do período (`range`, ou `from` e `to`), com zero nos dias sem cliques.",
  },
  "GET /api/analytics/shortened-urls/:id": {
    summary: "Análise de um link curto",
    description:
      "Os cliques de um dos seus links curtos no período: por dia, país, origem, aparelho e navegador.",
  },
  "GET /api/analytics/link-pages/:id": {
    summary: "Análise de uma página Link Bio (caminho antigo)",
    description: "O mesmo que `GET /api/link-pages/{id}/analytics`.",
  },
  "GET /api/link-pages/:id/analytics": {
    summary: "Análise de uma página Link Bio",
    description:
      'Visualizações, visitantes únicos, cliques e CTR (cliques ÷ visualizações) de uma das suas páginas no período (`range`, ou `from` e `to`): por dia, por bloco, e por país, origem, aparelho e navegador. Robôs, pré-carregamentos e o seu "Visualizar" não contam; os visitantes únicos são a soma dos de cada dia, sem cookie nem IP guardado.',
  },
  "GET /api/link-pages/:id/analytics/export.csv": {
    summary: "Exportar análise de uma página (CSV)",
    description:
      "Uma linha por dia do período: data, visualizações, visitantes únicos, cliques e CTR, num arquivo CSV (UTF-8 com BOM, separado por ponto e vírgula).",
    csv: true,
  },
  "GET /api/leads": {
    summary: "Listar contatos",
    description:
      "Os contatos recebidos pelos formulários das suas páginas, dos mais novos aos mais antigos, 20 por página (`page`), filtrados por `q`, `link_page_id` e pelo período (`from` e `to`, dias no horário de Brasília). Cada um traz o texto exato do consentimento aceito e a sua versão. Os contatos do mês além do limite do seu plano ficam guardados, mas não aparecem: `hidden` diz quantos são.",
  },
  "GET /api/leads/export.csv": {
    summary: "Exportar contatos (CSV)",
    description:
      "Os contatos que os mesmos filtros da lista escolhem num arquivo CSV (UTF-8 com BOM, separado por ponto e vírgula), com a data do consentimento, o texto aceito e a sua versão.",
    csv: true,
  },
  "DELETE /api/leads": {
    summary: "Excluir todos os contatos",
    description:
      "Exclui todos os seus contatos, inclusive os ocultos pelo limite do plano, com os registros de consentimento; `deleted` diz quantos foram.",
  },
  "DELETE /api/leads/:id": {
    summary: "Excluir contato",
    description: "Exclui um contato e o registro do consentimento dele.",
  },
  "GET /api/link-page-themes": {
    summary: "Listar temas de página",
    description: "Aparências prontas para a página Link Bio: os campos da página que cada tema preenche.",
  },
};

/** pt-BR descriptions of the fields the routes' schemas name, by field name. */
export const FIELD_DESCRIPTIONS: Record<string, string> = {
  id: "O id do recurso.",
  q: "Busca no título, na URL ou no código.",
  limit: "Quantos itens por página.",
  offset: "Quantos itens pular (paginação).",
  original_url: "A URL de destino (http ou https).",
  title: "O título.",
  custom_code: "O seu próprio código (letras, números, - e _); vazio: um código aleatório.",
  custom_domain_id: "O domínio do link ou da página; ausente: o domínio padrão.",
  expires_at: "Quando o link expira (data e hora ISO 8601 com fuso); vazio: nunca.",
  rules: "Regras de redirecionamento por dispositivo, país ou idioma, avaliadas em ordem.",
  click_limit: "Quantos cliques o link aceita antes de expirar.",
  expired_url: "Para onde vai o visitante depois que o link expira.",
  password: "Uma senha para abrir o link; vazio ou null remove.",
  slug: "O endereço da página (letras minúsculas, números, - e _).",
  description: "A descrição.",
  profile_image_url: "A imagem de perfil (URL).",
  background_color: "A cor de fundo (#rrggbb).",
  text_color: "A cor do texto (#rrggbb).",
  button_style: "O estilo dos botões.",
  button_font: "A fonte dos botões.",
  button_size: "O tamanho dos botões.",
  is_active: "Se a página está publicada.",
  url: "A URL do botão (http ou https).",
  custom_style: "O estilo próprio do botão.",
  link_ids: "Os ids dos links da página, na nova ordem.",
  csv: "O texto do arquivo CSV (até 1 MB e 1000 linhas).",
  link_page_id: "O id de uma das suas páginas Link Bio.",
  from: "O primeiro dia do período (AAAA-MM-DD, horário de Brasília).",
  to: "O último dia do período (AAAA-MM-DD, horário de Brasília).",
  page: "A página da lista, a partir de 1.",
};
