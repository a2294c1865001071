import { countryFlag, countryName } from "./country";

export function CountryLabel({ code }: { code: string | null }) {
  return (
    <>
      <span aria-hidden className="mr-2">
        {countryFlag(code)}
      </span>
      {countryName(code)}
    </>
  );
}
