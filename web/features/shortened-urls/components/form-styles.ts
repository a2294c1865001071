/** The shortener form's input look, red while the field has an error, greyed while locked. */
export const inputClassFor = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-gray-900 shadow-xs placeholder:text-gray-500 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600 ${
    invalid
      ? "border-red-400 focus:border-red-500 focus:ring-red-100"
      : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
  }`;

export const sectionSummaryClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-lg px-1 py-1 text-sm font-semibold text-gray-800 hover:text-brand-700 [&::-webkit-details-marker]:hidden";
