import { SUPPORT_EMAIL } from "@common/brand";
import { FaqList } from "@web/components/ui/faq-list";
import { Mail } from "lucide-react";

const QUESTIONS = [
  {
    question: "Quais formas de pagamento vocês aceitam?",
    answer:
      "Pix, cartão de crédito e boleto, processados pelo Mercado Pago. O Pix costuma ser confirmado em instantes; o boleto pode levar alguns dias úteis para compensar. Os dados do seu cartão ficam com o Mercado Pago, não com a gente.",
  },
  {
    question: "Posso cancelar a qualquer momento?",
    answer:
      "Sim, sem multa e sem fidelidade. Ao cancelar, você continua com todos os recursos do plano até o fim do período já pago; depois, sua conta volta para o plano Gratuito.",
  },
  {
    question: "Como funcionam o upgrade e o downgrade?",
    answer:
      "No upgrade, o novo plano vale na hora e os dias não usados do plano atual viram crédito, descontado do valor a pagar. No downgrade, você continua no plano atual até o fim do período pago e o novo plano começa em seguida.",
  },
  {
    question: "O que acontece se eu passar do limite do meu plano?",
    answer:
      "Nada sai do ar: suas Link Bios e seus links curtos continuam funcionando. Você só não consegue criar novos até fazer upgrade ou excluir algum item. Os contatos que chegam depois do limite do mês ficam guardados e aparecem com o upgrade ou no mês seguinte.",
  },
  {
    question: "Vocês fazem reembolso?",
    answer:
      "Não reembolsamos períodos já utilizados. Se você cancelar, o acesso continua até o fim do período pago. Se algo deu errado com uma cobrança, fale com o suporte.",
  },
  {
    question: "Preciso de cartão de crédito para começar?",
    answer: "Não. O plano Gratuito não pede nenhum dado de pagamento; você só paga se decidir fazer upgrade.",
  },
];

/** The plans page's questions and the support address (spec 2). */
export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto max-w-3xl">
      <h2
        id="pricing-faq"
        className="text-center text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl"
      >
        Perguntas frequentes
      </h2>
      <FaqList items={QUESTIONS} className="mt-8" />
      <div className="mt-8 flex flex-col items-center gap-3 rounded-2xl bg-gradient-to-br from-brand-600 to-indigo-700 px-6 py-7 text-center text-white shadow-lg sm:flex-row sm:justify-between sm:text-left">
        <div>
          <p className="text-lg font-semibold">Ainda tem dúvidas?</p>
          <p className="text-sm text-brand-100">Escreva para a gente: respondemos por email.</p>
        </div>
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Mail className="h-4 w-4" aria-hidden />
          {SUPPORT_EMAIL}
        </a>
      </div>
    </section>
  );
}
