import { describe, expect, it } from "vitest";
import { type AppTarget, androidBrowserIntent, appTargetOf, iosSafariUrl } from "./app-links";

/**
 * An intent Chrome reads as we mean it: one `#`, then exactly the segments we wrote (scheme, package or
 * action, the fallback, end), no raw space or quote anywhere; and the fallback gives the target back.
 */
function expectWellFormedIntent(intent: string, target: string) {
  expect(intent).toMatch(
    /^intent:\/\/[^#;\s"'<>\\`]*#Intent;scheme=[a-z]+;(?:package=[A-Za-z0-9._]+|action=android\.intent\.action\.VIEW);S\.browser_fallback_url=[^;#\s"'<>\\`]*;end$/,
  );
  const fallback = /;S\.browser_fallback_url=([^;]*);end$/.exec(intent)?.[1];
  expect(fallback).toBeDefined();
  expect(decodeURIComponent(fallback!)).toBe(target);
}

/** A scheme address with nothing raw that could end an attribute or a segment. */
function expectSafeAddress(address: string | null) {
  if (address !== null) expect(address).not.toMatch(/[\s"'<>\\`;#]/);
}

function expectWellFormed(result: AppTarget | null, target: string) {
  expect(result).not.toBeNull();
  expectWellFormedIntent(result!.android, target);
  expectSafeAddress(result!.ios);
}

/** [target, name, android, ios], for each app's listed shapes. */
const KNOWN: [string, string, string, string | null][] = [
  // YouTube
  [
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "YouTube",
    "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ;end",
    "youtube://www.youtube.com/watch?v=dQw4w9WgXcQ",
  ],
  [
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "YouTube",
    "intent://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fm.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ%26t%3D42s;end",
    "youtube://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
  ],
  [
    "https://youtu.be/dQw4w9WgXcQ?si=Abc123",
    "YouTube",
    "intent://youtu.be/dQw4w9WgXcQ?si=Abc123#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ%3Fsi%3DAbc123;end",
    "youtube://www.youtube.com/watch?v=dQw4w9WgXcQ",
  ],
  [
    "https://www.youtube.com/shorts/aBcDeFgHiJk",
    "YouTube",
    "intent://www.youtube.com/shorts/aBcDeFgHiJk#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fshorts%2FaBcDeFgHiJk;end",
    "youtube://www.youtube.com/shorts/aBcDeFgHiJk",
  ],
  [
    "https://youtube.com/@atalhoapp",
    "YouTube",
    "intent://www.youtube.com/@atalhoapp#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fyoutube.com%2F%40atalhoapp;end",
    "youtube://www.youtube.com/@atalhoapp",
  ],
  [
    "https://www.youtube.com/channel/UCBR8-60-B28hp2BmDPdntcQ",
    "YouTube",
    "intent://www.youtube.com/channel/UCBR8-60-B28hp2BmDPdntcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fchannel%2FUCBR8-60-B28hp2BmDPdntcQ;end",
    "youtube://www.youtube.com/channel/UCBR8-60-B28hp2BmDPdntcQ",
  ],
  [
    "https://www.youtube.com/c/AtalhoApp",
    "YouTube",
    "intent://www.youtube.com/c/AtalhoApp#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fc%2FAtalhoApp;end",
    "youtube://www.youtube.com/c/AtalhoApp",
  ],
  [
    "https://www.youtube.com/live/dQw4w9WgXcQ",
    "YouTube",
    "intent://www.youtube.com/live/dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Flive%2FdQw4w9WgXcQ;end",
    "youtube://www.youtube.com/watch?v=dQw4w9WgXcQ",
  ],
  // Instagram
  [
    "https://www.instagram.com/atalho.app/",
    "Instagram",
    "intent://www.instagram.com/atalho.app/#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Fwww.instagram.com%2Fatalho.app%2F;end",
    "instagram://user?username=atalho.app",
  ],
  [
    "https://instagram.com/p/C1a2B3c4D5e/",
    "Instagram",
    "intent://www.instagram.com/p/C1a2B3c4D5e/#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Finstagram.com%2Fp%2FC1a2B3c4D5e%2F;end",
    null,
  ],
  [
    "https://www.instagram.com/reel/C9xYz12AbCd/?igsh=abc",
    "Instagram",
    "intent://www.instagram.com/reel/C9xYz12AbCd/?igsh=abc#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Fwww.instagram.com%2Freel%2FC9xYz12AbCd%2F%3Figsh%3Dabc;end",
    null,
  ],
  [
    "https://www.instagram.com/atalho.app/p/C1a2B3c4D5e/",
    "Instagram",
    "intent://www.instagram.com/atalho.app/p/C1a2B3c4D5e/#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Fwww.instagram.com%2Fatalho.app%2Fp%2FC1a2B3c4D5e%2F;end",
    null,
  ],
  // TikTok
  [
    "https://www.tiktok.com/@atalho.app",
    "TikTok",
    "intent://www.tiktok.com/@atalho.app#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fwww.tiktok.com%2F%40atalho.app;end",
    null,
  ],
  [
    "https://www.tiktok.com/@atalho.app/video/7301234567890123456?lang=pt-BR",
    "TikTok",
    "intent://www.tiktok.com/@atalho.app/video/7301234567890123456?lang=pt-BR#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fwww.tiktok.com%2F%40atalho.app%2Fvideo%2F7301234567890123456%3Flang%3Dpt-BR;end",
    "snssdk1233://aweme/detail/7301234567890123456",
  ],
  [
    "https://vm.tiktok.com/ZMabc123/",
    "TikTok",
    "intent://vm.tiktok.com/ZMabc123/#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fvm.tiktok.com%2FZMabc123%2F;end",
    null,
  ],
  [
    "https://vt.tiktok.com/ZSxyz789/",
    "TikTok",
    "intent://vt.tiktok.com/ZSxyz789/#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fvt.tiktok.com%2FZSxyz789%2F;end",
    null,
  ],
  // Spotify
  [
    "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc",
    "Spotify",
    "intent://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Ftrack%2F4uLU6hMCjMI75M1A2tKUQC%3Fsi%3Dabc;end",
    "spotify:track:4uLU6hMCjMI75M1A2tKUQC",
  ],
  [
    "https://open.spotify.com/intl-pt/album/1DFixLWuPkv3KT3TnV35m3",
    "Spotify",
    "intent://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fintl-pt%2Falbum%2F1DFixLWuPkv3KT3TnV35m3;end",
    "spotify:album:1DFixLWuPkv3KT3TnV35m3",
  ],
  [
    "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    "Spotify",
    "intent://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fplaylist%2F37i9dQZF1DXcBWIGoYBM5M;end",
    "spotify:playlist:37i9dQZF1DXcBWIGoYBM5M",
  ],
  [
    "https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg",
    "Spotify",
    "intent://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fartist%2F0TnOYISbd1XYRBk9myaseg;end",
    "spotify:artist:0TnOYISbd1XYRBk9myaseg",
  ],
  [
    "https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk",
    "Spotify",
    "intent://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fshow%2F4rOoJ6Egrf8K2IrywzwOMk;end",
    "spotify:show:4rOoJ6Egrf8K2IrywzwOMk",
  ],
  [
    "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ",
    "Spotify",
    "intent://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fepisode%2F512ojhOuo1ktJprKbVcKyQ;end",
    "spotify:episode:512ojhOuo1ktJprKbVcKyQ",
  ],
  // WhatsApp
  [
    "https://wa.me/5511999998888",
    "WhatsApp",
    "intent://send?phone=5511999998888#Intent;scheme=whatsapp;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwa.me%2F5511999998888;end",
    "whatsapp://send?phone=5511999998888",
  ],
  [
    "https://wa.me/5511999998888?text=Ol%C3%A1%2C%20quero%20saber%20o%20pre%C3%A7o",
    "WhatsApp",
    "intent://send?phone=5511999998888&text=Ol%C3%A1%2C%20quero%20saber%20o%20pre%C3%A7o#Intent;scheme=whatsapp;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwa.me%2F5511999998888%3Ftext%3DOl%25C3%25A1%252C%2520quero%2520saber%2520o%2520pre%25C3%25A7o;end",
    "whatsapp://send?phone=5511999998888&text=Ol%C3%A1%2C%20quero%20saber%20o%20pre%C3%A7o",
  ],
  [
    "https://api.whatsapp.com/send?phone=5511999998888&text=Oi+tudo+bem%3F",
    "WhatsApp",
    "intent://send?phone=5511999998888&text=Oi%20tudo%20bem%3F#Intent;scheme=whatsapp;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fapi.whatsapp.com%2Fsend%3Fphone%3D5511999998888%26text%3DOi%2Btudo%2Bbem%253F;end",
    "whatsapp://send?phone=5511999998888&text=Oi%20tudo%20bem%3F",
  ],
  [
    "https://wa.me/message/ABCDEFG123XYZ1",
    "WhatsApp",
    "intent://wa.me/message/ABCDEFG123XYZ1#Intent;scheme=https;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwa.me%2Fmessage%2FABCDEFG123XYZ1;end",
    null,
  ],
  [
    "https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv",
    "WhatsApp",
    "intent://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv#Intent;scheme=https;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fchat.whatsapp.com%2FAbCdEfGhIjKlMnOpQrStUv;end",
    null,
  ],
  [
    "https://wa.me/?text=Olha+isso",
    "WhatsApp",
    "intent://send?text=Olha%20isso#Intent;scheme=whatsapp;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwa.me%2F%3Ftext%3DOlha%2Bisso;end",
    "whatsapp://send?text=Olha%20isso",
  ],
  // Telegram
  [
    "https://t.me/atalhoapp",
    "Telegram",
    "intent://t.me/atalhoapp#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fatalhoapp;end",
    "tg://resolve?domain=atalhoapp",
  ],
  [
    "https://telegram.me/atalhoapp",
    "Telegram",
    "intent://t.me/atalhoapp#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ftelegram.me%2Fatalhoapp;end",
    "tg://resolve?domain=atalhoapp",
  ],
  [
    "https://t.me/+AbCdEfGhIjK12345",
    "Telegram",
    "intent://t.me/+AbCdEfGhIjK12345#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2F%2BAbCdEfGhIjK12345;end",
    null,
  ],
  [
    "https://t.me/joinchat/AbCdEfGhIjK12345",
    "Telegram",
    "intent://t.me/joinchat/AbCdEfGhIjK12345#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fjoinchat%2FAbCdEfGhIjK12345;end",
    null,
  ],
  [
    "https://t.me/atalhoapp/123",
    "Telegram",
    "intent://t.me/atalhoapp/123#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fatalhoapp%2F123;end",
    "tg://resolve?domain=atalhoapp&post=123",
  ],
  [
    "https://t.me/atalho_bot?start=promo2024",
    "Telegram",
    "intent://t.me/atalho_bot?start=promo2024#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fatalho_bot%3Fstart%3Dpromo2024;end",
    "tg://resolve?domain=atalho_bot&start=promo2024",
  ],
  // Mercado Livre
  [
    "https://produto.mercadolivre.com.br/MLB-1234567890-tenis-corrida-_JM",
    "Mercado Livre",
    "intent://produto.mercadolivre.com.br/MLB-1234567890-tenis-corrida-_JM#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fproduto.mercadolivre.com.br%2FMLB-1234567890-tenis-corrida-_JM;end",
    null,
  ],
  [
    "https://www.mercadolivre.com.br/tenis-corrida/p/MLB19876543",
    "Mercado Livre",
    "intent://www.mercadolivre.com.br/tenis-corrida/p/MLB19876543#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fwww.mercadolivre.com.br%2Ftenis-corrida%2Fp%2FMLB19876543;end",
    null,
  ],
  [
    "https://www.mercadolivre.com.br/",
    "Mercado Livre",
    "intent://www.mercadolivre.com.br/#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fwww.mercadolivre.com.br%2F;end",
    null,
  ],
  [
    "https://articulo.mercadolibre.com.ar/MLA-1234567890-zapatillas-_JM",
    "Mercado Livre",
    "intent://articulo.mercadolibre.com.ar/MLA-1234567890-zapatillas-_JM#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Farticulo.mercadolibre.com.ar%2FMLA-1234567890-zapatillas-_JM;end",
    null,
  ],
  [
    "https://meli.la/2AbCdEf",
    "Mercado Livre",
    "intent://meli.la/2AbCdEf#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fmeli.la%2F2AbCdEf;end",
    null,
  ],
  // Shopee
  [
    "https://shopee.com.br/Fone-Bluetooth-i.123456789.987654321",
    "Shopee",
    "intent://shopee.com.br/Fone-Bluetooth-i.123456789.987654321#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2FFone-Bluetooth-i.123456789.987654321;end",
    null,
  ],
  [
    "https://shopee.com.br/product/123456789/987654321",
    "Shopee",
    "intent://shopee.com.br/product/123456789/987654321#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2Fproduct%2F123456789%2F987654321;end",
    null,
  ],
  [
    "https://shopee.com.br/lojaoficial",
    "Shopee",
    "intent://shopee.com.br/lojaoficial#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2Flojaoficial;end",
    null,
  ],
  [
    "https://shopee.com.br/shop/123456789",
    "Shopee",
    "intent://shopee.com.br/shop/123456789#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2Fshop%2F123456789;end",
    null,
  ],
  [
    "https://s.shopee.com.br/AbC123xYz",
    "Shopee",
    "intent://s.shopee.com.br/AbC123xYz#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fs.shopee.com.br%2FAbC123xYz;end",
    null,
  ],
  // Amazon
  [
    "https://www.amazon.com.br/dp/B08N5WRWNW?tag=atalho-20",
    "Amazon",
    "intent://www.amazon.com.br/dp/B08N5WRWNW?tag=atalho-20#Intent;scheme=https;package=com.amazon.mShop.android.shopping;S.browser_fallback_url=https%3A%2F%2Fwww.amazon.com.br%2Fdp%2FB08N5WRWNW%3Ftag%3Datalho-20;end",
    "com.amazon.mobile.shopping.web://www.amazon.com.br/dp/B08N5WRWNW?tag=atalho-20",
  ],
  [
    "https://www.amazon.com.br/Echo-Dot-4a-Geracao/dp/B084DWCZY6/ref=sr_1_1?keywords=echo",
    "Amazon",
    "intent://www.amazon.com.br/dp/B084DWCZY6?keywords=echo#Intent;scheme=https;package=com.amazon.mShop.android.shopping;S.browser_fallback_url=https%3A%2F%2Fwww.amazon.com.br%2FEcho-Dot-4a-Geracao%2Fdp%2FB084DWCZY6%2Fref%3Dsr_1_1%3Fkeywords%3Decho;end",
    "com.amazon.mobile.shopping.web://www.amazon.com.br/dp/B084DWCZY6?keywords=echo",
  ],
  [
    "https://amazon.com/gp/product/B08N5WRWNW",
    "Amazon",
    "intent://www.amazon.com/dp/B08N5WRWNW#Intent;scheme=https;package=com.amazon.mShop.android.shopping;S.browser_fallback_url=https%3A%2F%2Famazon.com%2Fgp%2Fproduct%2FB08N5WRWNW;end",
    "com.amazon.mobile.shopping.web://www.amazon.com/dp/B08N5WRWNW",
  ],
  [
    "https://amzn.to/3AbCdEf",
    "Amazon",
    "intent://amzn.to/3AbCdEf#Intent;scheme=https;package=com.amazon.mShop.android.shopping;S.browser_fallback_url=https%3A%2F%2Famzn.to%2F3AbCdEf;end",
    null,
  ],
  [
    "https://a.co/d/1AbCdEf",
    "Amazon",
    "intent://a.co/d/1AbCdEf#Intent;scheme=https;package=com.amazon.mShop.android.shopping;S.browser_fallback_url=https%3A%2F%2Fa.co%2Fd%2F1AbCdEf;end",
    null,
  ],
  // X
  [
    "https://x.com/atalhoapp",
    "X",
    "intent://x.com/atalhoapp#Intent;scheme=https;package=com.twitter.android;S.browser_fallback_url=https%3A%2F%2Fx.com%2Fatalhoapp;end",
    "twitter://user?screen_name=atalhoapp",
  ],
  [
    "https://twitter.com/atalhoapp/status/1790000000000000000",
    "X",
    "intent://twitter.com/atalhoapp/status/1790000000000000000#Intent;scheme=https;package=com.twitter.android;S.browser_fallback_url=https%3A%2F%2Ftwitter.com%2Fatalhoapp%2Fstatus%2F1790000000000000000;end",
    "twitter://status?id=1790000000000000000",
  ],
  [
    "https://mobile.twitter.com/atalhoapp",
    "X",
    "intent://twitter.com/atalhoapp#Intent;scheme=https;package=com.twitter.android;S.browser_fallback_url=https%3A%2F%2Fmobile.twitter.com%2Fatalhoapp;end",
    "twitter://user?screen_name=atalhoapp",
  ],
  // Facebook
  [
    "https://www.facebook.com/atalhoapp",
    "Facebook",
    "intent://www.facebook.com/atalhoapp#Intent;scheme=https;package=com.facebook.katana;S.browser_fallback_url=https%3A%2F%2Fwww.facebook.com%2Fatalhoapp;end",
    "fb://facewebmodal/f?href=https%3A%2F%2Fwww.facebook.com%2Fatalhoapp",
  ],
  [
    "https://m.facebook.com/profile.php?id=100012345678901",
    "Facebook",
    "intent://www.facebook.com/profile.php?id=100012345678901#Intent;scheme=https;package=com.facebook.katana;S.browser_fallback_url=https%3A%2F%2Fm.facebook.com%2Fprofile.php%3Fid%3D100012345678901;end",
    "fb://facewebmodal/f?href=https%3A%2F%2Fm.facebook.com%2Fprofile.php%3Fid%3D100012345678901",
  ],
  [
    "https://www.facebook.com/atalhoapp/posts/pfbid02AbCdEf",
    "Facebook",
    "intent://www.facebook.com/atalhoapp/posts/pfbid02AbCdEf#Intent;scheme=https;package=com.facebook.katana;S.browser_fallback_url=https%3A%2F%2Fwww.facebook.com%2Fatalhoapp%2Fposts%2Fpfbid02AbCdEf;end",
    "fb://facewebmodal/f?href=https%3A%2F%2Fwww.facebook.com%2Fatalhoapp%2Fposts%2Fpfbid02AbCdEf",
  ],
  [
    "https://fb.watch/AbC123dEf/",
    "Facebook",
    "intent://fb.watch/AbC123dEf/#Intent;scheme=https;package=com.facebook.katana;S.browser_fallback_url=https%3A%2F%2Ffb.watch%2FAbC123dEf%2F;end",
    "fb://facewebmodal/f?href=https%3A%2F%2Ffb.watch%2FAbC123dEf%2F",
  ],
  [
    "https://fb.me/atalhoapp",
    "Facebook",
    "intent://fb.me/atalhoapp#Intent;scheme=https;package=com.facebook.katana;S.browser_fallback_url=https%3A%2F%2Ffb.me%2Fatalhoapp;end",
    "fb://facewebmodal/f?href=https%3A%2F%2Ffb.me%2Fatalhoapp",
  ],
  // LinkedIn
  [
    "https://www.linkedin.com/in/maria-silva-123abc/",
    "LinkedIn",
    "intent://www.linkedin.com/in/maria-silva-123abc/#Intent;scheme=https;package=com.linkedin.android;S.browser_fallback_url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fmaria-silva-123abc%2F;end",
    "linkedin://in/maria-silva-123abc",
  ],
  [
    "https://br.linkedin.com/company/atalho",
    "LinkedIn",
    "intent://www.linkedin.com/company/atalho#Intent;scheme=https;package=com.linkedin.android;S.browser_fallback_url=https%3A%2F%2Fbr.linkedin.com%2Fcompany%2Fatalho;end",
    "linkedin://company/atalho",
  ],
  [
    "https://www.linkedin.com/posts/maria-silva_lancamento-activity-7123456789012345678-AbCd",
    "LinkedIn",
    "intent://www.linkedin.com/posts/maria-silva_lancamento-activity-7123456789012345678-AbCd#Intent;scheme=https;package=com.linkedin.android;S.browser_fallback_url=https%3A%2F%2Fwww.linkedin.com%2Fposts%2Fmaria-silva_lancamento-activity-7123456789012345678-AbCd;end",
    null,
  ],
  [
    "https://lnkd.in/dAbC123x",
    "LinkedIn",
    "intent://lnkd.in/dAbC123x#Intent;scheme=https;package=com.linkedin.android;S.browser_fallback_url=https%3A%2F%2Flnkd.in%2FdAbC123x;end",
    null,
  ],
  // Pinterest
  [
    "https://br.pinterest.com/atalhoapp/",
    "Pinterest",
    "intent://www.pinterest.com/atalhoapp/#Intent;scheme=https;package=com.pinterest;S.browser_fallback_url=https%3A%2F%2Fbr.pinterest.com%2Fatalhoapp%2F;end",
    "pinterest://user/atalhoapp",
  ],
  [
    "https://www.pinterest.com/pin/123456789012345678/",
    "Pinterest",
    "intent://www.pinterest.com/pin/123456789012345678/#Intent;scheme=https;package=com.pinterest;S.browser_fallback_url=https%3A%2F%2Fwww.pinterest.com%2Fpin%2F123456789012345678%2F;end",
    "pinterest://pin/123456789012345678",
  ],
  [
    "https://pin.it/1AbCdEfGh",
    "Pinterest",
    "intent://pin.it/1AbCdEfGh#Intent;scheme=https;package=com.pinterest;S.browser_fallback_url=https%3A%2F%2Fpin.it%2F1AbCdEfGh;end",
    null,
  ],
  [
    "https://br.pinterest.com/atalhoapp/receitas-faceis/",
    "Pinterest",
    "intent://www.pinterest.com/atalhoapp/receitas-faceis/#Intent;scheme=https;package=com.pinterest;S.browser_fallback_url=https%3A%2F%2Fbr.pinterest.com%2Fatalhoapp%2Freceitas-faceis%2F;end",
    "pinterest://board/atalhoapp/receitas-faceis",
  ],
  // Twitch
  [
    "https://www.twitch.tv/atalhoapp",
    "Twitch",
    "intent://www.twitch.tv/atalhoapp#Intent;scheme=https;package=tv.twitch.android.app;S.browser_fallback_url=https%3A%2F%2Fwww.twitch.tv%2Fatalhoapp;end",
    "twitch://stream/atalhoapp",
  ],
  [
    "https://www.twitch.tv/videos/2012345678",
    "Twitch",
    "intent://www.twitch.tv/videos/2012345678#Intent;scheme=https;package=tv.twitch.android.app;S.browser_fallback_url=https%3A%2F%2Fwww.twitch.tv%2Fvideos%2F2012345678;end",
    "twitch://video/2012345678",
  ],
  // Kwai
  [
    "https://www.kwai.com/@atalhoapp",
    "Kwai",
    "intent://www.kwai.com/@atalhoapp#Intent;scheme=https;package=com.kwai.video;S.browser_fallback_url=https%3A%2F%2Fwww.kwai.com%2F%40atalhoapp;end",
    null,
  ],
  [
    "https://www.kwai.com/@atalhoapp/video/5212345678901234567",
    "Kwai",
    "intent://www.kwai.com/@atalhoapp/video/5212345678901234567#Intent;scheme=https;package=com.kwai.video;S.browser_fallback_url=https%3A%2F%2Fwww.kwai.com%2F%40atalhoapp%2Fvideo%2F5212345678901234567;end",
    null,
  ],
  [
    "https://k.kwai.com/p/AbCdEfGh",
    "Kwai",
    "intent://k.kwai.com/p/AbCdEfGh#Intent;scheme=https;package=com.kwai.video;S.browser_fallback_url=https%3A%2F%2Fk.kwai.com%2Fp%2FAbCdEfGh;end",
    null,
  ],
  [
    "https://kw.ai/p/AbCdEfGh",
    "Kwai",
    "intent://kw.ai/p/AbCdEfGh#Intent;scheme=https;package=com.kwai.video;S.browser_fallback_url=https%3A%2F%2Fkw.ai%2Fp%2FAbCdEfGh;end",
    null,
  ],
  // Google Maps
  [
    "https://maps.google.com/?q=Av.+Paulista,+1578,+S%C3%A3o+Paulo",
    "Google Maps",
    "intent://maps.google.com/?q=Av.+Paulista,+1578,+S%C3%A3o+Paulo#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fmaps.google.com%2F%3Fq%3DAv.%2BPaulista%2C%2B1578%2C%2BS%25C3%25A3o%2BPaulo;end",
    "comgooglemaps://?q=Av.%20Paulista%2C%201578%2C%20S%C3%A3o%20Paulo",
  ],
  [
    "https://www.google.com/maps/place/Parque+Ibirapuera/@-23.5874,-46.6576,15z/data=!3m1!4b1",
    "Google Maps",
    "intent://www.google.com/maps/place/Parque+Ibirapuera/@-23.5874,-46.6576,15z/data=!3m1!4b1#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2Fplace%2FParque%2BIbirapuera%2F%40-23.5874%2C-46.6576%2C15z%2Fdata%3D!3m1!4b1;end",
    "comgooglemaps://?q=Parque%20Ibirapuera&center=-23.5874,-46.6576",
  ],
  [
    "https://www.google.com/maps/search/pizzaria+perto+de+mim/",
    "Google Maps",
    "intent://www.google.com/maps/search/pizzaria+perto+de+mim/#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2Fsearch%2Fpizzaria%2Bperto%2Bde%2Bmim%2F;end",
    "comgooglemaps://?q=pizzaria%20perto%20de%20mim",
  ],
  [
    "https://www.google.com/maps/dir/Avenida+Paulista/Parque+Ibirapuera/",
    "Google Maps",
    "intent://www.google.com/maps/dir/Avenida+Paulista/Parque+Ibirapuera/#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2Fdir%2FAvenida%2BPaulista%2FParque%2BIbirapuera%2F;end",
    "comgooglemaps://?saddr=Avenida%20Paulista&daddr=Parque%20Ibirapuera",
  ],
  [
    "https://www.google.com/maps/dir//Parque+Ibirapuera/@-23.58,-46.65,15z",
    "Google Maps",
    "intent://www.google.com/maps/dir//Parque+Ibirapuera/@-23.58,-46.65,15z#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2Fdir%2F%2FParque%2BIbirapuera%2F%40-23.58%2C-46.65%2C15z;end",
    "comgooglemaps://?daddr=Parque%20Ibirapuera",
  ],
  [
    "https://www.google.com/maps/@-23.5874,-46.6576,15z",
    "Google Maps",
    "intent://www.google.com/maps/@-23.5874,-46.6576,15z#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2F%40-23.5874%2C-46.6576%2C15z;end",
    "comgooglemaps://?center=-23.5874,-46.6576&zoom=15",
  ],
  [
    "https://maps.app.goo.gl/AbCdEfGh12345",
    "Google Maps",
    "intent://maps.app.goo.gl/AbCdEfGh12345#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fmaps.app.goo.gl%2FAbCdEfGh12345;end",
    null,
  ],
  [
    "https://goo.gl/maps/AbCdEfGh123",
    "Google Maps",
    "intent://goo.gl/maps/AbCdEfGh123#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fgoo.gl%2Fmaps%2FAbCdEfGh123;end",
    "comgooglemapsurl://goo.gl/maps/AbCdEfGh123",
  ],
  [
    "https://www.google.com/maps/dir/?api=1&destination=Parque+Ibirapuera",
    "Google Maps",
    "intent://www.google.com/maps/dir/?api=1&destination=Parque+Ibirapuera#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2Fdir%2F%3Fapi%3D1%26destination%3DParque%2BIbirapuera;end",
    "comgooglemaps://?daddr=Parque%20Ibirapuera",
  ],
  // Waze
  [
    "https://waze.com/ul?ll=-23.5874,-46.6576&navigate=yes",
    "Waze",
    "intent://waze.com/ul?ll=-23.5874,-46.6576&navigate=yes#Intent;scheme=https;package=com.waze;S.browser_fallback_url=https%3A%2F%2Fwaze.com%2Ful%3Fll%3D-23.5874%2C-46.6576%26navigate%3Dyes;end",
    "waze://?ll=-23.5874,-46.6576&navigate=yes",
  ],
  [
    "https://www.waze.com/ul?q=Avenida%20Paulista%201578",
    "Waze",
    "intent://www.waze.com/ul?q=Avenida%20Paulista%201578#Intent;scheme=https;package=com.waze;S.browser_fallback_url=https%3A%2F%2Fwww.waze.com%2Ful%3Fq%3DAvenida%2520Paulista%25201578;end",
    "waze://?q=Avenida%20Paulista%201578",
  ],
  [
    "https://www.waze.com/pt-BR/live-map/directions?to=ll.-23.5874%2C-46.6576",
    "Waze",
    "intent://www.waze.com/pt-BR/live-map/directions?to=ll.-23.5874%2C-46.6576#Intent;scheme=https;package=com.waze;S.browser_fallback_url=https%3A%2F%2Fwww.waze.com%2Fpt-BR%2Flive-map%2Fdirections%3Fto%3Dll.-23.5874%252C-46.6576;end",
    "waze://?ll=-23.5874,-46.6576&navigate=yes",
  ],
  [
    "https://www.waze.com/ul/h6gycfq2",
    "Waze",
    "intent://www.waze.com/ul/h6gycfq2#Intent;scheme=https;package=com.waze;S.browser_fallback_url=https%3A%2F%2Fwww.waze.com%2Ful%2Fh6gycfq2;end",
    null,
  ],
  [
    "https://www.waze.com/live-map/directions?to=place.ChIJ123",
    "Waze",
    "intent://www.waze.com/live-map/directions?to=place.ChIJ123#Intent;scheme=https;package=com.waze;S.browser_fallback_url=https%3A%2F%2Fwww.waze.com%2Flive-map%2Fdirections%3Fto%3Dplace.ChIJ123;end",
    null,
  ],
];

describe("appTargetOf: known apps and shapes", () => {
  it.each(KNOWN)("%s → %s", (target, name, android, ios) => {
    expect(appTargetOf(target)).toEqual({ name, android, ios });
  });

  it.each(KNOWN)("%s: a well-formed intent whose fallback is the target exactly", (target) => {
    expectWellFormed(appTargetOf(target), target);
  });

  it("covers every app the UI names", () => {
    expect(new Set(KNOWN.map(([, name]) => name))).toEqual(
      new Set([
        "YouTube",
        "Instagram",
        "TikTok",
        "Spotify",
        "WhatsApp",
        "Telegram",
        "Mercado Livre",
        "Shopee",
        "Amazon",
        "X",
        "Facebook",
        "LinkedIn",
        "Pinterest",
        "Twitch",
        "Kwai",
        "Google Maps",
        "Waze",
      ]),
    );
  });

  it("reads hosts case-insensitively (and with a trailing dot), keeping the original as fallback", () => {
    expect(appTargetOf("HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ")).toEqual({
      name: "YouTube",
      android:
        "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=HTTPS%3A%2F%2FWWW.YOUTUBE.COM%2Fwatch%3Fv%3DdQw4w9WgXcQ;end",
      ios: "youtube://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(appTargetOf("https://www.youtube.com./watch?v=dQw4w9WgXcQ")?.android).toBe(
      "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com.%2Fwatch%3Fv%3DdQw4w9WgXcQ;end",
    );
  });

  it("drops the fragment from the intent's address and keeps it in the fallback", () => {
    const target = "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42s#comentarios";
    expect(appTargetOf(target)?.android).toBe(
      "intent://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fm.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ%26t%3D42s%23comentarios;end",
    );
  });

  it("names letters of any script in handles and names, encoded", () => {
    expect(appTargetOf("https://www.youtube.com/@café")).toEqual({
      name: "YouTube",
      android:
        "intent://www.youtube.com/@caf%C3%A9#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2F%40caf%C3%A9;end",
      ios: "youtube://www.youtube.com/@caf%C3%A9",
    });
    expect(appTargetOf("https://www.linkedin.com/in/joão-silva")).toEqual({
      name: "LinkedIn",
      android:
        "intent://www.linkedin.com/in/jo%C3%A3o-silva#Intent;scheme=https;package=com.linkedin.android;S.browser_fallback_url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjo%C3%A3o-silva;end",
      ios: "linkedin://in/jo%C3%A3o-silva",
    });
  });
});

describe("appTargetOf: unknown shapes and sites", () => {
  it.each([
    // Known hosts, shapes not listed
    "https://www.youtube.com/feed/trending",
    "https://www.youtube.com/",
    "https://www.youtube.com/watch?v=curto",
    "https://www.youtube.com/watch",
    "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.instagram.com/explore/",
    "https://www.instagram.com/accounts/login/",
    "https://www.instagram.com/stories/atalho.app/123/",
    "https://www.instagram.com/",
    "https://www.tiktok.com/explore",
    "https://www.tiktok.com/@atalho.app/video/abc",
    "https://open.spotify.com/user/atalho",
    "https://open.spotify.com/track/curto",
    "https://wa.me/",
    "https://wa.me/abc",
    "https://api.whatsapp.com/send?phone=abc",
    "https://t.me/share/url?url=https://atalho.app",
    "https://t.me/s",
    "https://www.mercadolivre.com.br/ofertas",
    "https://lista.mercadolivre.com.br/tenis",
    "https://shopee.com.br/search?keyword=fone",
    "https://shopee.com.br/Celulares-cat.11059988",
    "https://www.amazon.com.br/s?k=fone",
    "https://www.amazon.com.br/",
    "https://x.com/home",
    "https://x.com/explore",
    "https://x.com/i/flow/login",
    "https://twitter.com/search?q=atalho",
    "https://www.facebook.com/login",
    "https://www.facebook.com/",
    "https://www.linkedin.com/feed/",
    "https://www.linkedin.com/in/",
    "https://www.pinterest.com/search/pins/?q=bolo",
    "https://www.pinterest.com/ideas/",
    "https://www.twitch.tv/directory",
    "https://www.twitch.tv/",
    "https://www.kwai.com/",
    "https://maps.google.com/",
    "https://www.google.com/maps",
    "https://www.google.com/search?q=pizza",
    "https://goo.gl/abc123",
    "https://waze.com/ul",
    "https://www.waze.com/pt-BR/",
    // Unknown sites, and look-alikes
    "https://exemplo.com.br/produto/123",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/?u=https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    // Ports and credentials are not addresses these sites give out
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://user:senha@www.youtube.com/watch?v=dQw4w9WgXcQ",
  ])("%s → null", (target) => {
    expect(appTargetOf(target)).toBeNull();
  });

  it.each([
    "",
    "   ",
    "não é endereço",
    "www.youtube.com/watch?v=dQw4w9WgXcQ",
    "//www.youtube.com/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "JavaScript://www.youtube.com/%0Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;end",
    "mailto:contato@atalho.app",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=\uD800",
  ])("%j (not an http(s) address, or not encodable) → null without throwing", (target) => {
    expect(() => appTargetOf(target)).not.toThrow();
    expect(appTargetOf(target)).toBeNull();
  });

  it("answers null to what is not a string at all", () => {
    expect(appTargetOf(undefined as unknown as string)).toBeNull();
    expect(appTargetOf(42 as unknown as string)).toBeNull();
  });
});

describe("appTargetOf: hostile addresses never break or inject into the intent", () => {
  it("encodes `;end;S.…=` in a query of a matched shape", () => {
    const target =
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=;end;S.browser_fallback_url=javascript:alert(1)#Intent;end";
    const result = appTargetOf(target);
    expect(result).toEqual({
      name: "YouTube",
      android:
        "intent://www.youtube.com/watch?v=dQw4w9WgXcQ&x=%3Bend%3BS.browser_fallback_url=javascript:alert(1)#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ%26x%3D%3Bend%3BS.browser_fallback_url%3Djavascript%3Aalert(1)%23Intent%3Bend;end",
      ios: "youtube://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expectWellFormed(result, target);
  });

  it("encodes `;end;S.…=` and quotes in a path of a matched shape", () => {
    const place = "https://www.google.com/maps/place/Bar;end;S.x='1'/";
    expect(appTargetOf(place)).toEqual({
      name: "Google Maps",
      android:
        "intent://www.google.com/maps/place/Bar%3Bend%3BS.x=%271%27/#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fwww.google.com%2Fmaps%2Fplace%2FBar%3Bend%3BS.x%3D%271%27%2F;end",
      ios: "comgooglemaps://?q=Bar%3Bend%3BS.x%3D%271%27",
    });
    expectWellFormed(appTargetOf(place), place);

    const product = "https://www.mercadolivre.com.br/a;end;S.x=1/p/MLB123456";
    expect(appTargetOf(product)?.android).toBe(
      "intent://www.mercadolivre.com.br/a%3Bend%3BS.x=1/p/MLB123456#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fwww.mercadolivre.com.br%2Fa%3Bend%3BS.x%3D1%2Fp%2FMLB123456;end",
    );
    expectWellFormed(appTargetOf(product), product);
  });

  it("rejects a profile name carrying `;end;S.…=`", () => {
    expect(appTargetOf("https://www.instagram.com/a;end;S.x=1/")).toBeNull();
    expect(appTargetOf("https://x.com/a;end;S.x=1")).toBeNull();
    expect(appTargetOf("https://t.me/atalho;end;S.x=1")).toBeNull();
    expect(appTargetOf("https://www.twitch.tv/a%22b")).toBeNull();
  });

  it("keeps quotes and markup out of every part", () => {
    const amazon = "https://www.amazon.com.br/dp/B08N5WRWNW?tag=a'b\";end;S.x=1";
    expect(appTargetOf(amazon)).toEqual({
      name: "Amazon",
      android:
        "intent://www.amazon.com.br/dp/B08N5WRWNW?tag=a%27b%22%3Bend%3BS.x=1#Intent;scheme=https;package=com.amazon.mShop.android.shopping;S.browser_fallback_url=https%3A%2F%2Fwww.amazon.com.br%2Fdp%2FB08N5WRWNW%3Ftag%3Da%27b%22%3Bend%3BS.x%3D1;end",
      ios: "com.amazon.mobile.shopping.web://www.amazon.com.br/dp/B08N5WRWNW?tag=a%27b%22%3Bend%3BS.x=1",
    });
    expectWellFormed(appTargetOf(amazon), amazon);

    const facebook = "https://www.facebook.com/atalhoapp?ref=\"'><script>alert(1)</script>";
    expect(appTargetOf(facebook)).toEqual({
      name: "Facebook",
      android:
        "intent://www.facebook.com/atalhoapp?ref=%22%27%3E%3Cscript%3Ealert(1)%3C/script%3E#Intent;scheme=https;package=com.facebook.katana;S.browser_fallback_url=https%3A%2F%2Fwww.facebook.com%2Fatalhoapp%3Fref%3D%22%27%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E;end",
      ios: "fb://facewebmodal/f?href=https%3A%2F%2Fwww.facebook.com%2Fatalhoapp%3Fref%3D%22%27%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    });
    expectWellFormed(appTargetOf(facebook), facebook);

    const maps = "https://maps.google.com/?q=a\";end;S.x='1'";
    expect(appTargetOf(maps)).toEqual({
      name: "Google Maps",
      android:
        "intent://maps.google.com/?q=a%22%3Bend%3BS.x=%271%27#Intent;scheme=https;package=com.google.android.apps.maps;S.browser_fallback_url=https%3A%2F%2Fmaps.google.com%2F%3Fq%3Da%22%3Bend%3BS.x%3D%271%27;end",
      ios: "comgooglemaps://?q=a%22%3Bend%3BS.x%3D%271%27",
    });
    expectWellFormed(appTargetOf(maps), maps);
  });

  it("carries a WhatsApp message with quotes, `;end;` and an emoji encoded, and back", () => {
    const target = "https://wa.me/5511999998888?text=Oi%22%27%3Bend%3BS.x%3D1%20%F0%9F%98%80";
    const result = appTargetOf(target);
    expect(result).toEqual({
      name: "WhatsApp",
      android:
        "intent://send?phone=5511999998888&text=Oi%22%27%3Bend%3BS.x%3D1%20%F0%9F%98%80#Intent;scheme=whatsapp;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwa.me%2F5511999998888%3Ftext%3DOi%2522%2527%253Bend%253BS.x%253D1%2520%25F0%259F%2598%2580;end",
      ios: "whatsapp://send?phone=5511999998888&text=Oi%22%27%3Bend%3BS.x%3D1%20%F0%9F%98%80",
    });
    expectWellFormed(result, target);
    const text = new URL(result!.ios!.replace("whatsapp://", "https://x/")).searchParams.get("text");
    expect(text).toBe("Oi\"';end;S.x=1 😀");
  });
});

describe("androidBrowserIntent", () => {
  it("opens an ordinary site in the default browser, query kept, fragment only in the fallback", () => {
    const target = "https://loja.exemplo.com.br/produtos?cor=azul&tam=M#avaliacoes";
    const intent = androidBrowserIntent(target);
    expect(intent).toBe(
      "intent://loja.exemplo.com.br/produtos?cor=azul&tam=M#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=https%3A%2F%2Floja.exemplo.com.br%2Fprodutos%3Fcor%3Dazul%26tam%3DM%23avaliacoes;end",
    );
    expectWellFormedIntent(intent, target);
  });

  it("names scheme http for an http target", () => {
    const target = "http://exemplo.com.br/p?x=1#y";
    expect(androidBrowserIntent(target)).toBe(
      "intent://exemplo.com.br/p?x=1#Intent;scheme=http;action=android.intent.action.VIEW;S.browser_fallback_url=http%3A%2F%2Fexemplo.com.br%2Fp%3Fx%3D1%23y;end",
    );
  });

  it("encodes `;`, quotes and `#` in the path, query and even the host", () => {
    const target = "https://exemplo.com.br/a;end;S.x=1/'quote'?q=\"x\"#frag;end";
    const intent = androidBrowserIntent(target);
    expect(intent).toBe(
      "intent://exemplo.com.br/a%3Bend%3BS.x=1/%27quote%27?q=%22x%22#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=https%3A%2F%2Fexemplo.com.br%2Fa%3Bend%3BS.x%3D1%2F%27quote%27%3Fq%3D%22x%22%23frag%3Bend;end",
    );
    expectWellFormedIntent(intent, target);

    const host = "https://a;end;S.x=1.exemplo.com/";
    expect(androidBrowserIntent(host)).toBe(
      "intent://a%3Bend%3Bs.x%3D1.exemplo.com/#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=https%3A%2F%2Fa%3Bend%3BS.x%3D1.exemplo.com%2F;end",
    );
    expectWellFormedIntent(androidBrowserIntent(host), host);
  });

  it("refuses what is not an http(s) address", () => {
    expect(() => androidBrowserIntent("javascript:alert(1)")).toThrow(TypeError);
    expect(() => androidBrowserIntent("não é endereço")).toThrow(TypeError);
  });
});

describe("iosSafariUrl", () => {
  it("opens an ordinary site in Safari, query and fragment kept", () => {
    expect(iosSafariUrl("https://loja.exemplo.com.br/produtos?cor=azul&tam=M#avaliacoes")).toBe(
      "x-safari-https://loja.exemplo.com.br/produtos?cor=azul&tam=M#avaliacoes",
    );
    expect(iosSafariUrl("http://exemplo.com.br/p?x=1#y")).toBe("x-safari-http://exemplo.com.br/p?x=1#y");
  });

  it("encodes `;` and quotes", () => {
    expect(iosSafariUrl("https://exemplo.com.br/a;end;S.x=1/'quote'?q=\"x\"#frag;end")).toBe(
      "x-safari-https://exemplo.com.br/a%3Bend%3BS.x=1/%27quote%27?q=%22x%22#frag%3Bend",
    );
  });

  it("refuses what is not an http(s) address", () => {
    expect(() => iosSafariUrl("javascript:alert(1)")).toThrow(TypeError);
    expect(() => iosSafariUrl("")).toThrow(TypeError);
  });
});
