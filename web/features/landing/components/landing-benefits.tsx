import { BadgeCheck, Lock, type LucideIcon, ShieldCheck, Wallet } from "lucide-react";
import { SectionHeading } from "./landing-links";

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Wallet,
    title: "Em português e em reais",
    text: "Do editor à fatura, tudo em português. Pague com Pix, cartão ou boleto pelo Mercado Pago, sem IOF nem dólar.",
  },
  {
    icon: Lock,
    title: "Privacidade de verdade",
    text: "De cada clique guardamos país, origem e tipo de aparelho, nunca o endereço IP. Bom para os seus visitantes e para a LGPD.",
  },
  {
    icon: ShieldCheck,
    title: "Seus links não saem do ar",
    text: "Passou do limite de cliques do plano? Os visitantes continuam chegando: páginas e redirecionamentos nunca são bloqueados por causa do plano.",
  },
  {
    icon: BadgeCheck,
    title: "Sem fidelidade",
    text: "Não há renovação automática nem multa. Cancele quando quiser e use o plano até o fim do período pago.",
  },
];

export function LandingBenefits() {
  return (
    <section aria-labelledby="benefits-title" className="bg-gray-950 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="benefits-title"
          eyebrow="Por que o Atalho"
          title="Feito para quem vende, cria e comunica no Brasil"
          inverted
        >
          Menos letras miúdas, mais tempo para o que importa.
        </SectionHeading>
        <ul className="mt-14 grid gap-x-10 gap-y-10 sm:grid-cols-2">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-brand-100 ring-1 ring-white/15">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-white">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-gray-300">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
