import { isUnlimited, type SubscriptionPlan } from "@common/contract/billing";
import { RANDOM_CODE_LENGTH } from "@common/contract/shortened-urls";
import { SHORT_CODE_MAX, SHORT_CODE_MIN } from "@common/slug";
import { formatLimit } from "@web/components/plans/plan-features";
import { FaqList } from "@web/components/ui/faq-list";
import { SectionHeading } from "./landing-links";

type Question = { question: string; answer: string };

/** "a", "a e b", "a, b e c". */
function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

function count(limit: number | null, one: string, many: string): string {
  if (isUnlimited(limit)) return `${many} ilimitados`;
  return `${formatLimit(limit)} ${limit === 1 ? one : many}`;
}

/** The answers, true to the product; those about plans read the real plans when there are any. */
export function landingQuestions(plans: SubscriptionPlan[]): Question[] {
  const free = plans.find((plan) => plan.price_cents <= 0);
  const withDomains = plans.filter((plan) => plan.custom_domains).map((plan) => plan.name);
  const withPremium = plans.filter((plan) => plan.premium_domains).map((plan) => plan.name);

  const freeAnswer = free
    ? `Sim. O plano ${free.name} não tem prazo e não pede cartão de crédito: inclui ${joinNames([
        count(free.max_link_pages, "Link Bio", "Link Bios"),
        count(free.max_shortened_urls, "link curto", "links curtos"),
        `${count(free.max_clicks_per_month, "clique", "cliques")} por mês`,
        `${count(free.max_leads_per_month, "contato", "contatos")} por mês`,
      ])}, com ${free.analytics_retention_days} dias de histórico de análise. Quando precisar de mais, é só fazer upgrade.`
    : "Sim. Há um plano gratuito, sem prazo e sem cartão de crédito. Quando precisar de mais, é só fazer upgrade.";

  const domainsAnswer =
    withDomains.length > 0
      ? `Além do endereço padrão do Atalho, ${withDomains.length === 1 ? "o plano" : "os planos"} ${joinNames(withDomains)} ${
          withDomains.length === 1 ? "pode" : "podem"
        } publicar Link Bios e links curtos em outros domínios disponíveis para o plano; você escolhe o domínio de cada um.${
          withPremium.length > 0 ? ` Os domínios premium ficam com ${joinNames(withPremium)}.` : ""
        }`
      : "Além do endereço padrão do Atalho, os planos pagos podem publicar Link Bios e links curtos em outros domínios disponíveis para o plano; você escolhe o domínio de cada um.";

  return [
    { question: "O Atalho é gratuito?", answer: freeAnswer },
    {
      question: "O que é uma página Link Bio?",
      answer:
        "É uma página só sua, com foto, descrição e botões para tudo o que você quer mostrar: loja, WhatsApp, vídeos, agenda. Você coloca um único link no perfil do Instagram, do TikTok ou onde quiser e muda os botões quando precisar, sem trocar o link.",
    },
    {
      question: "Posso escolher o endereço do meu link curto?",
      answer: `Sim. O código pode ter de ${SHORT_CODE_MIN} a ${SHORT_CODE_MAX} letras, números, hífens ou sublinhados, e diferencia maiúsculas de minúsculas. Se preferir, geramos um código de ${RANDOM_CODE_LENGTH} caracteres sem letras que se confundem, como 0 e O. Você também pode definir até quando o link vale.`,
    },
    {
      question: "Quais formas de pagamento vocês aceitam?",
      answer:
        "Pix, cartão de crédito e boleto, pelo Mercado Pago. Cada período é pago de uma vez, sem cobrança automática: para renovar, você paga o período seguinte. Os dados do cartão ficam com o Mercado Pago, não com a gente.",
    },
    {
      question: "Posso cancelar quando quiser?",
      answer:
        "Sim, sem multa. Você continua com os recursos do plano até o fim do período pago; depois, a conta volta para o plano gratuito e suas Link Bios e seus links continuam no ar.",
    },
    {
      question: "Vocês guardam dados de quem clica nos meus links?",
      answer: `Só o necessário para a análise: quando foi o clique, o país, o site de origem e o tipo de aparelho, navegador e sistema. O endereço IP nunca é guardado. O histórico fica disponível pelo tempo do seu plano${
        free ? ` (${free.analytics_retention_days} dias no ${free.name})` : ""
      }.`,
    },
    { question: "O que são os domínios personalizados?", answer: domainsAnswer },
    {
      question: "E se eu passar do limite do meu plano?",
      answer:
        "Nada sai do ar: suas páginas e seus links continuam funcionando e os cliques continuam sendo contados. Você só não cria novos itens além do limite até fazer upgrade ou excluir algum. Os contatos que chegam depois do limite do mês ficam guardados e aparecem com o upgrade ou no mês seguinte.",
    },
  ];
}

/** Questions as <details>, so they open and close without JavaScript. */
export function LandingFaq({ plans }: { plans: SubscriptionPlan[] }) {
  return (
    <section id="perguntas" aria-labelledby="faq-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="Dúvidas" title="Perguntas frequentes" />
        <FaqList items={landingQuestions(plans)} className="mt-12" />
      </div>
    </section>
  );
}
