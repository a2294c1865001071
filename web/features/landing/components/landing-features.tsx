import { BarChart3, Globe, Link2, type LucideIcon, Palette, QrCode, Zap } from "lucide-react";
import { SectionHeading } from "./landing-links";

// What the product really does today (docs/product-decisions.md).
const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Palette,
    title: "Link Bio com a sua cara",
    text: "Foto, descrição, cores e até 100 botões. Escolha entre 13 fontes, cor sólida ou gradiente, bordas, sombras e efeitos, e dê a cada botão um estilo próprio se quiser.",
  },
  {
    icon: Link2,
    title: "Links curtos e fáceis de lembrar",
    text: "Use o código que você quiser, como /s/black-friday, ou deixe a gente gerar um de 7 caracteres sem letras que se confundem. Se precisar, defina até quando o link vale.",
  },
  {
    icon: QrCode,
    title: "QR Code pronto para imprimir",
    text: "Cada link curto e cada Link Bio tem o seu QR Code, para baixar em PNG ou SVG e levar para a embalagem, o cardápio ou o cartaz.",
  },
  {
    icon: BarChart3,
    title: "Análise de cada clique",
    text: "Veja os cliques por dia, país, origem, dispositivo, navegador e sistema, comparados com o período anterior. Robôs são contados à parte e não inflam os seus números.",
  },
  {
    icon: Globe,
    title: "Domínios personalizados",
    text: "Nos planos pagos, escolha em qual domínio cada Link Bio e cada link curto é publicado. Os domínios premium ficam nos planos mais completos.",
  },
  {
    icon: Zap,
    title: "Rápido para quem clica",
    text: "As páginas públicas chegam prontas do servidor e são leves até no 4G; os botões funcionam mesmo sem JavaScript e o redirecionamento responde antes de tudo.",
  },
];

export function LandingFeatures() {
  return (
    <section aria-labelledby="features-title" className="bg-gray-50 py-20 sm:py-24" id="recursos">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Recursos"
          title="Tudo o que um link precisa para trabalhar por você"
        >
          Da página na bio ao QR Code no balcão, você cria, publica e acompanha em um só lugar.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6">
              <div className="flex items-center gap-3 sm:block">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold text-gray-900 sm:mt-5">{title}</h3>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-gray-600 sm:mt-2">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
