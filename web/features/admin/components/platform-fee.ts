import { netOfFee } from "@common/contract/admin";

const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

/** The platform fee and what is left of each payment, in percent: 5 -> "5%" and "95%" (spec 9). */
export function feeAndNet(feePercentage: number) {
  const { net } = netOfFee(100_00, feePercentage);
  return { fee: `${percent.format(feePercentage)}%`, net: `${percent.format(net / 100)}%` };
}
