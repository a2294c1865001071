import { HeartHandshake, type LucideIcon, ShoppingBag, UtensilsCrossed, Video } from "lucide-react";
import { SectionHeading } from "./landing-links";

// NOTE: the spec's "testimonials" section. We have no customers' quotes to show, and invented
// quotes from invented people would be fake (and misleading advertising under the CDC), so these
// are use cases, plainly labelled as examples: no names, photos or stars.
const USE_CASES: { icon: LucideIcon; who: string; story: string; uses: string[] }[] = [
  {
    icon: Video,
    who: "Criadora de conteúdo",
    story:
      "Coloca a Link Bio no perfil com os vídeos novos, a loja de presets e o contato para publis. Pelo analytics, vê qual botão rende mais e muda a ordem dos links sem trocar o link da bio.",
    uses: ["Link Bio", "Analytics"],
  },
  {
    icon: UtensilsCrossed,
    who: "Restaurante",
    story:
      "Imprime o QR Code da Link Bio em cada mesa: cardápio, pedido pelo WhatsApp e avaliação. Quando o cardápio muda, atualiza a página e o QR Code impresso continua o mesmo.",
    uses: ["QR Code", "Link Bio"],
  },
  {
    icon: ShoppingBag,
    who: "Loja online",
    story:
      "Cria um link curto para cada canal da promoção, como /s/frete-insta e /s/frete-email, válidos até o último dia da oferta, e compara qual canal trouxe mais cliques.",
    uses: ["Links curtos", "Analytics"],
  },
  {
    icon: HeartHandshake,
    who: "ONG",
    story:
      "Reúne doação, voluntariado e prestação de contas em uma Link Bio publicada em um domínio personalizado, e vê de quais países e sites chegam as visitas depois de cada campanha.",
    uses: ["Domínio personalizado", "Link Bio"],
  },
];

export function LandingUseCases() {
  return (
    <section aria-labelledby="use-cases-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="use-cases-title" eyebrow="Na prática" title="Como dá para usar o Atalho">
          Quatro situações de exemplo para inspirar o seu uso. São cenários ilustrativos, não depoimentos de
          clientes.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {USE_CASES.map(({ icon: Icon, who, story, uses }) => (
            <li
              key={who}
              className="flex flex-col rounded-2xl bg-gradient-to-br from-brand-50 to-white p-6 ring-1 ring-brand-100 sm:p-8"
            >
              <div className="flex items-center gap-3">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold text-gray-900">{who}</h3>
              </div>
              <p className="mt-4 flex-1 leading-relaxed text-gray-700">{story}</p>
              <ul aria-label="Recursos usados" className="mt-5 flex flex-wrap gap-2">
                {uses.map((use) => (
                  <li
                    key={use}
                    className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100"
                  >
                    {use}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
