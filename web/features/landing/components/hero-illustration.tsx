import { Flower2, Link2, QrCode } from "lucide-react";

const LINK_BIO_BUTTONS = [
  { label: "Loja online", look: "bg-gray-900 text-white" },
  { label: "Encomendas pelo WhatsApp", look: "bg-emerald-700 text-white" },
  { label: "Oficinas de sábado", look: "bg-white text-gray-900 ring-1 ring-gray-200" },
  { label: "Instagram", look: "bg-white text-gray-900 ring-1 ring-gray-200" },
];

/** Clicks per day of the example short link, as bar heights in percent. */
const WEEK = [38, 52, 34, 66, 58, 81, 100];

/**
 * The hero's picture, drawn in HTML and CSS (no image request): a phone with a Link Bio page, a
 * short link's click card and a QR code chip. Fixed sizes, so nothing moves while fonts load.
 */
export function HeroIllustration() {
  return (
    <div
      role="img"
      aria-label="Exemplo: uma página Link Bio no celular e um link curto com 1.284 cliques na semana"
      className="relative mx-auto h-[30rem] w-full max-w-[22rem] select-none sm:h-[33rem] sm:max-w-[26rem]"
    >
      <div className="absolute top-0 right-0 h-[29rem] w-[15rem] rounded-[2.5rem] bg-gray-900 p-2.5 shadow-2xl shadow-brand-700/25 sm:right-6 sm:h-[32rem] sm:w-[16.5rem]">
        <div className="relative flex h-full flex-col items-center overflow-hidden rounded-[2rem] bg-gradient-to-b from-amber-50 via-orange-50 to-rose-50 px-4 pt-11 text-center">
          <span className="absolute top-2.5 h-5 w-20 rounded-full bg-gray-900" />
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-amber-500 text-white ring-4 ring-white">
            <Flower2 className="h-8 w-8" aria-hidden />
          </span>
          <p className="mt-3 text-base font-bold text-gray-900">Ateliê Jardim</p>
          <p className="text-xs text-gray-600">Cerâmica feita à mão</p>
          <ul className="mt-5 w-full space-y-2.5">
            {LINK_BIO_BUTTONS.map(({ label, look }) => (
              <li key={label} className={`rounded-xl px-3 py-2.5 text-xs font-semibold shadow-sm ${look}`}>
                {label}
              </li>
            ))}
          </ul>
          <p className="mt-auto mb-4 text-[0.6875rem] font-medium text-gray-600">feito com Atalho</p>
        </div>
      </div>

      <div className="absolute top-12 left-0 flex items-center gap-2 rounded-xl bg-white px-3 py-2 text-xs font-semibold text-gray-800 shadow-lg ring-1 ring-gray-200 sm:left-2">
        <span className="flex h-7 w-7 items-center justify-center rounded-lg bg-gray-900 text-white">
          <QrCode className="h-4 w-4" aria-hidden />
        </span>
        <span className="sm:hidden">QR Code</span>
        <span className="hidden sm:inline">QR Code em PNG e SVG</span>
      </div>

      <div className="absolute bottom-2 left-0 w-[14rem] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-gray-200 sm:w-[15.5rem]">
        <div className="flex items-center gap-2">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Link2 className="h-4 w-4" aria-hidden />
          </span>
          <p className="truncate text-sm font-semibold text-gray-900">atalho.com.br/s/aulas</p>
        </div>
        <p className="mt-3 text-xs text-gray-600">Cliques nos últimos 7 dias</p>
        <p className="mt-0.5 flex items-baseline gap-2">
          <span className="text-2xl font-bold text-gray-900 tabular-nums">1.284</span>
          <span className="rounded-full bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-800">
            +18%
          </span>
        </p>
        <div className="mt-3 flex h-12 items-end gap-1.5">
          {WEEK.map((height, day) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed week of bars.
              key={day}
              className={`flex-1 rounded-t ${day === WEEK.length - 1 ? "bg-brand-600" : "bg-brand-100"}`}
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
