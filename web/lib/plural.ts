const count = new Intl.NumberFormat("pt-BR");

/** "1 Link Bio", "2 Link Bios", "1.000 cliques": a count in pt-BR with the word that fits it. */
export const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;
