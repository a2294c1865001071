import { describe, expect, it } from "vitest";
import {
  normalizeSocialUrl,
  SOCIAL_NETWORK_INFO,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  socialUrlMessage,
} from "./social-networks";

describe("SOCIAL_NETWORK_INFO", () => {
  it("names each of the 16 networks for its aria-label, in pt-BR where it differs", () => {
    expect(SOCIAL_NETWORKS).toHaveLength(16);
    const labels = SOCIAL_NETWORKS.map((network) => SOCIAL_NETWORK_INFO[network].label);
    expect(new Set(labels).size).toBe(16);
    expect(SOCIAL_NETWORK_INFO.email.label).toBe("E-mail");
    expect(SOCIAL_NETWORK_INFO.site.label).toBe("Site");
    expect(SOCIAL_NETWORK_INFO.instagram.label).toBe("Instagram");
  });
});

describe("normalizeSocialUrl", () => {
  it.each<[SocialNetwork, string, string]>([
    ["instagram", "https://www.instagram.com/fulano/", "https://www.instagram.com/fulano/"],
    ["instagram", "instagram.com/fulano", "https://instagram.com/fulano"],
    ["instagram", "@fulano.tal", "https://www.instagram.com/fulano.tal/"],
    ["instagram", "fulano_tal", "https://www.instagram.com/fulano_tal/"],
    ["tiktok", "@fulano", "https://www.tiktok.com/@fulano"],
    ["tiktok", "https://vm.tiktok.com/ZMabc/", "https://vm.tiktok.com/ZMabc/"],
    ["youtube", "@canal", "https://www.youtube.com/@canal"],
    ["youtube", "https://youtu.be/dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"],
    ["x", "@fulano", "https://x.com/fulano"],
    ["x", "https://twitter.com/fulano", "https://twitter.com/fulano"],
    ["facebook", "facebook.com/minhapagina", "https://facebook.com/minhapagina"],
    ["linkedin", "https://www.linkedin.com/in/fulano", "https://www.linkedin.com/in/fulano"],
    ["threads", "@fulano", "https://www.threads.com/@fulano"],
    ["threads", "https://www.threads.net/@fulano", "https://www.threads.net/@fulano"],
    ["kwai", "https://www.kwai.com/@fulano", "https://www.kwai.com/@fulano"],
    ["pinterest", "https://br.pinterest.com/fulano/", "https://br.pinterest.com/fulano/"],
    ["twitch", "@canal_ao_vivo", "https://www.twitch.tv/canal_ao_vivo"],
    [
      "spotify",
      "https://open.spotify.com/artist/4uLU6hMCjMI75M1A2tKUQC",
      "https://open.spotify.com/artist/4uLU6hMCjMI75M1A2tKUQC",
    ],
    ["telegram", "@meu_canal", "https://t.me/meu_canal"],
    ["whatsapp", "(11) 98765-4321", "https://wa.me/5511987654321"],
    ["whatsapp", "+351 912 345 678", "https://wa.me/351912345678"],
    ["whatsapp", "https://wa.me/5511987654321?text=Oi", "https://wa.me/5511987654321?text=Oi"],
    ["whatsapp", "https://chat.whatsapp.com/AbCdEf123", "https://chat.whatsapp.com/AbCdEf123"],
    ["github", "octocat", "https://github.com/octocat"],
    ["email", "contato@exemplo.com.br", "mailto:contato@exemplo.com.br"],
    ["email", "mailto:contato@exemplo.com.br", "mailto:contato@exemplo.com.br"],
    ["site", "exemplo.com.br/loja", "https://exemplo.com.br/loja"],
  ])("%s: %s -> %s", (network, input, url) => {
    expect(normalizeSocialUrl(network, input)).toEqual({ ok: true, url });
  });

  it.each<[SocialNetwork, string]>([
    ["instagram", "https://www.facebook.com/fulano"],
    ["instagram", "https://instagram.com.evil.example/fulano"],
    ["instagram", "https://www.instagram.com/"],
    ["instagram", "fulano.tal"],
    ["instagram", "@nome com espaço"],
    ["instagram", "javascript:alert(1)"],
    ["facebook", "@fulano"],
    ["x", "@um_nome_longo_demais"],
    ["whatsapp", "987654321"],
    ["whatsapp", "https://exemplo.com.br"],
    ["email", "contato@"],
    ["email", "mailto:"],
    ["site", "ftp://exemplo.com.br"],
    ["site", "data:text/html,oi"],
    ["github", ""],
  ])("%s refuses %s", (network, input) => {
    expect(normalizeSocialUrl(network, input)).toEqual({ ok: false, message: socialUrlMessage(network) });
  });

  it("says what it expects, in pt-BR", () => {
    expect(socialUrlMessage("instagram")).toBe(
      "Use um link do Instagram (instagram.com/seu_perfil) ou o seu @.",
    );
    expect(socialUrlMessage("linkedin")).toBe("Use um link do LinkedIn (linkedin.com/in/seu_perfil).");
    expect(socialUrlMessage("twitch")).toBe("Use um link da Twitch (twitch.tv/seu_canal) ou o seu @.");
    expect(socialUrlMessage("email")).toBe("Informe um e-mail válido, como contato@exemplo.com.br.");
  });
});
