import { Check } from "lucide-react";
import { HeroIllustration } from "./hero-illustration";
import { StartCtas } from "./landing-links";

const REASSURANCES = ["Sem cartão de crédito", "Plano grátis para sempre", "Pix, cartão ou boleto"];

/** The first screen: what the product is, the calls to action and a drawn example. */
export function LandingHero({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="landing-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_32rem_at_85%_-5%,var(--color-brand-100),transparent_70%),radial-gradient(36rem_24rem_at_0%_100%,#eef2ff,transparent_70%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-16 lg:px-8 lg:pt-20 lg:pb-24 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <span className="h-1.5 w-1.5 rounded-full bg-brand-600" aria-hidden />
            Link Bio, links curtos e análise de cliques
          </p>
          <h1
            id="landing-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-5xl lg:text-6xl"
          >
            Um link para tudo o que você cria. <span className="text-brand-700">Cada clique, contado.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-gray-600">
            Monte sua página Link Bio em minutos, encurte URLs com o código que quiser e descubra de onde vêm
            os seus visitantes. Tudo em português, com preços em reais e sem guardar o IP de ninguém.
          </p>
          <StartCtas signedIn={signedIn} startLabel="Começar Grátis" />
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-gray-600">
            {REASSURANCES.map((text) => (
              <li key={text} className="flex items-center gap-1.5">
                <Check className="h-4 w-4 text-brand-600" strokeWidth={2.5} aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
