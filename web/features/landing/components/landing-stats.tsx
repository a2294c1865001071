// NOTE: only figures the product can stand behind. The spec's "99,9% de disponibilidade" and
// "suporte em 2 h" are not measured anywhere, so they are not claimed; the redirect time is
// (`npm run bench`: a cached redirect's p99 is about 3 ms on the server, bench/README.md).
const STATS = [
  { value: "< 100 ms", label: "para o servidor responder a cada link curto" },
  { value: "0", label: "endereços IP guardados dos seus visitantes" },
  { value: "R$ 0", label: "para começar, sem cartão de crédito" },
  { value: "6", label: "recortes de análise: dia, país, origem, dispositivo, navegador e sistema" },
];

export function LandingStats() {
  return (
    <section aria-labelledby="stats-title" className="border-y border-gray-200 bg-white">
      <h2 id="stats-title" className="sr-only">
        O Atalho em números
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8 lg:py-12">
        {STATS.map(({ value, label }) => (
          <div
            key={value}
            className="flex flex-col-reverse justify-end gap-1 lg:border-l lg:border-gray-200 lg:pl-6"
          >
            <dt className="text-sm text-pretty text-gray-600">{label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 tabular-nums sm:text-4xl">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
