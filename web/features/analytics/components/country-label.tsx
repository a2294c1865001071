import { Globe } from "lucide-react";
import { countryFlagUrl, countryName } from "./country";

/** A country's flag and pt-BR name; the flag is decoration, the name says it all. */
export function CountryLabel({ code }: { code: string | null }) {
  const flag = countryFlagUrl(code);
  return (
    <>
      {flag ? (
        <img
          src={flag}
          alt=""
          width={21}
          height={14}
          loading="lazy"
          decoding="async"
          className="mr-2 inline-block h-3.5 w-[21px] rounded-[2px] object-cover align-[-2px] shadow-[0_0_0_1px_rgba(0,0,0,0.08)]"
        />
      ) : (
        <Globe aria-hidden className="mr-2 inline-block h-4 w-5 align-[-3px] text-gray-400" />
      )}
      {countryName(code)}
    </>
  );
}
