import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import type { PageAnalytics, TargetAnalytics } from "../../../common/contract/analytics";
import { POWER_LINK_MESSAGES, type ShortenedUrl } from "../../../common/contract/shortened-urls";
import { type ClickTarget, clickEvents, links, shortenedUrls } from "../../../db/schema";
import { createShortLink } from "../../../tests/factories";
import { setupTestApp, TEST_PUBLIC_URL, unavailableLocation } from "../../../tests/test-app";
import { BLOCKED_PAGE_MESSAGES } from "../abuse/blocked-page";
import { hashPassword } from "../auth/auth.service";
import { ESCAPE_NOTICE_MESSAGES } from "../public-pages/public-page.document";
import { androidBrowserIntent, appTargetOf, iosSafariUrl } from "./app-links";
import { ESCAPE_PAGE_MESSAGES } from "./escape-page";

// "Abrir no app" (issue 36) through the API: /s/{code} and /p/{slug} inside social apps' in-app
// browsers, the switch on short links and blocks, the clicks with where they were sent, the
// analytics' in-app figures and the CSV column.

const t = setupTestApp();
let counter = 0;
let ipCounter = 0;
const unique = (name: string) => `${name}-${process.pid}-${Date.now().toString(36)}-${++counter}`;
const fromNewIp = () => `10.36.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

// ---------------------------------------------------------------------------------------------------------
// User agents (real ones, as the apps send them; the same as in-app-browser.test.ts's table)

type Os = "android" | "ios";
type InAppAgent = { label: string; ua: string; app: string; os: Os };
type OtherAgent = { label: string; ua: string };

const IN_APP: InAppAgent[] = [
  {
    label: "Instagram 309 on iOS 17",
    app: "Instagram",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.1.1.28.108 (iPhone15,3; iOS 17_1_2; pt_BR; pt; scale=3.00; 1290x2796; 541635890)",
  },
  {
    label: "Instagram 250 on iOS 15",
    app: "Instagram",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 15_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 250.0.0.21.109 (iPhone12,1; iOS 15_6_1; pt_BR; pt-BR; scale=2.00; 828x1792; 394071253)",
  },
  {
    label: "Instagram 309 on Android 13",
    app: "Instagram",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.0.0.40.113 Android (33/13; 450dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; pt_BR; 541635863)",
  },
  {
    label: "Instagram 264 on Android 11",
    app: "Instagram",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; moto g(30) Build/RRMS31.Q1-64-62-4; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.128 Mobile Safari/537.36 Instagram 264.0.0.22.106 Android (30/11; 280dpi; 720x1468; motorola; moto g(30); cypfr; qcom; pt_BR; 430370697)",
  },
  {
    label: "Facebook 442 on iOS 17",
    app: "Facebook",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.35.111;FBBV/541361693;FBDV/iPhone14,7;FBMD/iPhone;FBSN/iOS;FBSV/17.1.1;FBSS/3;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/543041542]",
  },
  {
    label: "Facebook on iOS 16 (no FBAV)",
    app: "Facebook",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/0]",
  },
  {
    label: "Facebook 442 on Android 13",
    app: "Facebook",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.35.118;]",
  },
  {
    label: "Facebook Lite on Android 12",
    app: "Facebook",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; SM-A125M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.5938.153 Mobile Safari/537.36 [FBAN/EMA;FBLC/pt_BR;FBAV/380.0.0.13.112;]",
  },
  {
    label: "Messenger 426 on iOS 16",
    app: "Messenger",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/426.0.0.36.109;FBBV/512512788;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBCR/;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/0]",
  },
  {
    label: "Messenger 440 on iOS 17",
    app: "Messenger",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/440.0.0.36.113;FBBV/538940611;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBCR/;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/0]",
  },
  {
    label: "Messenger 433 on Android 12",
    app: "Messenger",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; SM-A125M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/433.0.0.26.108;]",
  },
  {
    label: "Messenger 392 on Android 11",
    app: "Messenger",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; moto e(7) Build/RPGS31.Q4U-39-26-3; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.105 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/392.0.0.12.106;]",
  },
  {
    label: "TikTok musical_ly 30.8 on iOS 16",
    app: "TikTok",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_30.8.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/pt Region/BR isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok trill 32.4 on iOS 17",
    app: "TikTok",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 trill_32.4.0 JsSdk/2.0 NetType/4G Channel/App Store ByteLocale/ja Region/JP ByteFullLocale/ja isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok musical_ly 31.5 on Android 13",
    app: "TikTok",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A145M Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 musical_ly_2023105030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/31.5.3 ByteLocale/pt-BR ByteFullLocale/pt-BR Region/BR AppId/1233 Spark/1.3.9.2-alpha.7 AppVersion/31.5.3 BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok BytedanceWebview only on Android 12",
    app: "TikTok",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; moto g22 Build/STAS32.79-77-28-50; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 BytedanceWebview/d8a21c6",
  },
  {
    label: "Threads 309 on iOS 17",
    app: "Threads",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Barcelona 309.0.0.12.110 (iPhone15,2; iOS 17_1_2; pt_BR; pt; scale=3.00; 1179x2556; 541520385)",
  },
  {
    label: "Threads 289 on iOS 16 (with Instagram token)",
    app: "Threads",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 289.0.0.14.109 (iPhone14,5; iOS 16_6; pt_BR; pt; scale=3.00; 1170x2532; 478046588) Barcelona 289.0.0.14.109",
  },
  {
    label: "Threads 291 on Android 13",
    app: "Threads",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/115.0.5790.166 Mobile Safari/537.36 Barcelona 291.0.0.31.111 Android (33/13; 450dpi; 1080x2340; samsung; SM-S911B; dm1q; qcom; pt_BR; 495896587)",
  },
  {
    label: "Threads 305 on Android 14 (with Instagram token)",
    app: "Threads",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.231205.015; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 305.0.0.34.110 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; pt_BR; 533873371) Barcelona 305.0.0.34.110",
  },
  {
    label: "LinkedIn 9.28 on iOS 17",
    app: "LinkedIn",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.28.6371",
  },
  {
    label: "LinkedIn 9.27 on iOS 16",
    app: "LinkedIn",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.27.4614",
  },
  {
    label: "LinkedIn 4.1.881 on Android 13",
    app: "LinkedIn",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [LinkedInApp]/4.1.881",
  },
  {
    label: "LinkedIn 4.1.790 on Android 11",
    app: "LinkedIn",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; SM-A315G Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 [LinkedInApp]/4.1.790",
  },
  {
    label: "X (Twitter for iPhone) 10.5 on iOS 17",
    app: "X",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.5",
  },
  {
    label: "X (Twitter for iPad) 9.60 on iPadOS 16",
    app: "X",
    os: "ios",
    ua: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPad/9.60",
  },
  {
    label: "X (TwitterAndroid) on Android 13",
    app: "X",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 TwitterAndroid",
  },
  {
    label: "X (TwitterAndroid) on Android 11",
    app: "X",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; SM-A207M Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.117 Mobile Safari/537.36 TwitterAndroid",
  },
  {
    label: "Snapchat 12.62 on iOS 17",
    app: "Snapchat",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.62.0.37 (like Safari/8617.1.17.10.9, panda)",
  },
  {
    label: "Snapchat 12.50 on iOS 16",
    app: "Snapchat",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.50.0.31 (like Safari/8615.3.12.10.4, panda)",
  },
  {
    label: "Snapchat 12.61 on Android 13",
    app: "Snapchat",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A546E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36Snapchat/12.61.0.53 (SM-A546E; Android 13#A546EXXU4AWJ4#33; gzip; )",
  },
  {
    label: "Snapchat 12.40 on Android 12",
    app: "Snapchat",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; M2101K6G Build/SKQ1.210908.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36Snapchat/12.40.0.49 (M2101K6G; Android 12#V13.0.7.0.SKFMIXM#31; gzip; )",
  },
  {
    label: "Pinterest on iOS 17",
    app: "Pinterest",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
  },
  {
    label: "Pinterest on iOS 15",
    app: "Pinterest",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
  },
  {
    label: "Pinterest on Android 13",
    app: "Pinterest",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [Pinterest/Android]",
  },
  {
    label: "Pinterest on Android 11",
    app: "Pinterest",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; moto g(9) play Build/RPXS31.Q2-58-17-4-7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 [Pinterest/Android]",
  },
  {
    label: "Kwai 11.8 on iOS 16",
    app: "Kwai",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/11.8.20.2103 ISLP/0 StatusHT/47 KDT/PHONE iosSCH/0 TitleHT/44 NetType/WIFI ISDM/0 ICFO/0 locale/pt-BR CT/0 Yoda/3.0.7 ISLB/0 CoIS/2 ISLM/0 WebViewType/WK BHT/102 AZPREFIX/yz",
  },
  {
    label: "Kwai 13.0 on iOS 17",
    app: "Kwai",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/13.0.10.9095 ISLP/0 StatusHT/47 KDT/PHONE iosSCH/1 TitleHT/44 NetType/WIFI ISDM/0 ICFO/0 locale/pt-BR CT/0 Yoda/3.0.7 ISLB/0 CoIS/2 ISLM/0 WebViewType/WK BHT/102 AZPREFIX/az1",
  },
  {
    label: "Kwai 11.9 on Android 12",
    app: "Kwai",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; SM-A325M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Kwai/11.9.30.531455 ISLP/0 StatusHT/32 KDT/PHONE ISDM/0 TitleHT/56 NetType/WIFI ICFO/0 locale/pt-br CT/0 Yoda/3.1.2 ISLB/0 CoIS/2 ISLM/0 AZPREFIX/yz",
  },
  {
    label: "Kwai 10.3 on Android 10 (KsWebView)",
    app: "Kwai",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 10; VCE-AL00 Build/HUAWEIVCE-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/90.0.4430.226 KsWebView/1.8.90.469 (rel;r) Mobile Safari/537.36 Yoda/2.8.1-rc3 Kwai/10.3.20.24977",
  },
  {
    label: "LINE 13.20 on iOS 17",
    app: "LINE",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0",
  },
  {
    label: "LINE 12.10 on iOS 16",
    app: "LINE",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/12.10.0",
  },
  {
    label: "LINE 13.19 on Android 13",
    app: "LINE",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Line/13.19.1/IAB",
  },
  {
    label: "LINE 13.1 on Android 12",
    app: "LINE",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 Line/13.1.0/IAB",
  },
];

const PLAIN_BROWSERS: OtherAgent[] = [
  {
    label: "Safari on iPhone",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1",
  },
  {
    label: "Chrome on Android",
    ua: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  },
  {
    label: "Samsung Internet on Android",
    ua: "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  },
  {
    label: "an unnamed Android WebView",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36",
  },
  {
    label: "Chrome on Windows",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  },
  {
    label: "Firefox on Windows",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
  },
  {
    label: "Safari on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  },
];

const BOTS: OtherAgent[] = [
  { label: "Googlebot", ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  {
    label: "facebookexternalhit",
    ua: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  },
  { label: "WhatsApp preview", ua: "WhatsApp/2.23.20.0 A" },
];

const inAppAgent = (app: string, os: Os) => IN_APP.find((a) => a.app === app && a.os === os)!;
const INSTAGRAM_ANDROID = inAppAgent("Instagram", "android");
const INSTAGRAM_IOS = inAppAgent("Instagram", "ios");
const TIKTOK_ANDROID = inAppAgent("TikTok", "android");
const TIKTOK_IOS = inAppAgent("TikTok", "ios");
const DESKTOP = PLAIN_BROWSERS.find((a) => a.label === "Chrome on Windows")!.ua;
const CHROME_ANDROID = PLAIN_BROWSERS.find((a) => a.label === "Chrome on Android")!.ua;
const GOOGLEBOT = BOTS[0]!.ua;

// ---------------------------------------------------------------------------------------------------------
// Targets: one per known app, and one unknown site (each already as the URL parser writes it, so that
// the Location is the target itself)

type Target = { app: string | null; url: string };

const TARGETS: Target[] = [
  { app: "YouTube", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s" },
  { app: "Instagram", url: "https://www.instagram.com/atalho.app/" },
  { app: "TikTok", url: "https://www.tiktok.com/@atalho.app/video/7301234567890123456?lang=pt-BR" },
  { app: "Spotify", url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc" },
  { app: "WhatsApp", url: "https://wa.me/5511999998888?text=Ol%C3%A1%2C%20quero%20saber%20o%20pre%C3%A7o" },
  { app: "Telegram", url: "https://t.me/atalhoapp" },
  { app: "Mercado Livre", url: "https://produto.mercadolivre.com.br/MLB-1234567890-tenis-corrida-_JM" },
  { app: "Shopee", url: "https://shopee.com.br/Fone-Bluetooth-i.123456789.987654321" },
  { app: "Amazon", url: "https://www.amazon.com.br/dp/B08N5WRWNW?tag=atalho-20" },
  { app: "X", url: "https://twitter.com/atalhoapp/status/1790000000000000000" },
  { app: "Facebook", url: "https://www.facebook.com/atalhoapp" },
  { app: "LinkedIn", url: "https://www.linkedin.com/in/maria-silva-123abc/" },
  { app: "Pinterest", url: "https://www.pinterest.com/pin/123456789012345678/" },
  { app: "Twitch", url: "https://www.twitch.tv/atalhoapp" },
  { app: "Kwai", url: "https://www.kwai.com/@atalhoapp" },
  {
    app: "Google Maps",
    url: "https://www.google.com/maps/place/Parque+Ibirapuera/@-23.5874,-46.6576,15z/data=!3m1!4b1",
  },
  { app: "Waze", url: "https://waze.com/ul?ll=-23.5874,-46.6576&navigate=yes" },
  { app: null, url: "https://exemplo.com.br/loja/caf%C3%A9?cor=azul&tam=M" },
];

const YOUTUBE = TARGETS[0]!.url;
const SPOTIFY = TARGETS[3]!.url;
const MERCADO_LIVRE = TARGETS[6]!.url;
const UNKNOWN = TARGETS.at(-1)!.url;

/** What the escape page must offer a visitor on `os` for `target` (issue 36, "Deliver" 2 and 3). */
function expectedEscape(os: Os, target: string) {
  const app = appTargetOf(target);
  if (os === "android") {
    return app
      ? { kind: "app" as const, href: app.android, appName: app.name, auto: true, fallback: false }
      : {
          kind: "browser" as const,
          href: androidBrowserIntent(target),
          appName: null,
          auto: true,
          fallback: false,
        };
  }
  return app?.ios
    ? { kind: "app" as const, href: app.ios, appName: app.name, auto: true, fallback: true }
    : { kind: "browser" as const, href: iosSafariUrl(target), appName: null, auto: false, fallback: false };
}

// ---------------------------------------------------------------------------------------------------------
// HTML helpers (the pages are tiny and server-rendered: their attributes are read with a regex)

/** Text as it must sit in a quoted attribute. */
const attr = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** An attribute's value as a browser reads it. */
const fromAttr = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

type Tag = { name: string; attrs: Record<string, string | true>; text: string };

function attrsOf(source: string): Record<string, string | true> {
  const attrs: Record<string, string | true> = {};
  for (const [, name, value] of source.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) attrs[name!] = value ?? true;
  return attrs;
}

/** The element with this id (its raw, still escaped attributes), or null. */
function byId(html: string, id: string): Tag | null {
  const match = new RegExp(`<([a-z]+)\\s([^>]*\\bid="${id}"[^>]*)>(?:([^<]*)</\\1>)?`).exec(html);
  return match ? { name: match[1]!, attrs: attrsOf(match[2]!), text: match[3] ?? "" } : null;
}

/** The link whose text is `text`, or null. */
function linkWithText(html: string, text: string): Tag | null {
  const match = new RegExp(`<a\\s([^>]*)>${text}</a>`).exec(html);
  return match ? { name: "a", attrs: attrsOf(match[1]!), text } : null;
}

/** The "Abrir no navegador" notice of a Link Bio page, or null. */
function noticeOf(html: string) {
  const match = /<div class="lb-esc"([^>]*)>([\s\S]*?)<\/div>/.exec(html);
  if (!match) return null;
  const link = /<a href="([^"]*)">([^<]*)<\/a>/.exec(match[2]!);
  return { attrs: attrsOf(match[1]!), body: match[2]!, href: link?.[1] ?? null, linkText: link?.[2] ?? null };
}

/** The `S.browser_fallback_url` of an Android intent, decoded. */
function fallbackOf(intent: string): string | undefined {
  const raw = /;S\.browser_fallback_url=([^;]*);end$/.exec(intent)?.[1];
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

// ---------------------------------------------------------------------------------------------------------
// Requests

const visit = (code: string, ua: string, method: "GET" | "HEAD" = "GET", ip = fromNewIp()) =>
  t.request({ method, url: `/s/${code}`, headers: { "user-agent": ua }, remoteAddress: ip });

const getPage = (
  path: string,
  ua: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) =>
  t.request({
    method,
    url: `/p/${path}`,
    headers: { "user-agent": ua, ...headers },
    remoteAddress: fromNewIp(),
  });

async function shorten(cookie: string, payload: Record<string, unknown>) {
  return t.request({
    method: "POST",
    url: "/api/shortened-urls",
    cookie,
    payload,
    remoteAddress: fromNewIp(),
  });
}

async function createPage(cookie: string, body: Record<string, unknown> = {}) {
  const response = await t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie,
    payload: { slug: unique("abrir-no-app"), title: "Ana Souza", ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; slug: string }>();
}

async function addBlock(cookie: string, pageId: number, body: Record<string, unknown>) {
  const response = await t.request({
    method: "POST",
    url: `/api/link-pages/${pageId}/blocks`,
    cookie,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; data: Record<string, unknown> }>();
}

async function blockDomain(domain: string) {
  const { cookie } = await t.signIn({ isAdmin: true });
  const response = await t.request({
    method: "POST",
    url: "/api/admin/blocked-domains",
    cookie,
    payload: { domain, reason: "Golpe" },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** A short link written straight into the table (no plan limit, no rate limit). */
async function linkRow(values: Partial<typeof shortenedUrls.$inferInsert> = {}) {
  const { user } = await t.signIn();
  return createShortLink(t.database.db, {
    userId: user.id,
    domainId: t.app.domains.default.id,
    originalUrl: YOUTUBE,
    ...values,
  });
}

async function linkRowOf(id: number) {
  const [row] = await t.database.db.select().from(shortenedUrls).where(eq(shortenedUrls.id, id));
  return row!;
}

type EventSummary = { inApp: string | null; opened: string | null; isBot: boolean; clicks: number };

/** A target's click events summed by who and where they were sent (after a flush). */
async function eventsOf(targetType: ClickTarget, targetId: number): Promise<EventSummary[]> {
  const rows = await t.database.db
    .select({
      inApp: clickEvents.inApp,
      opened: clickEvents.opened,
      isBot: clickEvents.isBot,
      clicks: sql<number>`sum(${clickEvents.clicks})`.mapWith(Number),
    })
    .from(clickEvents)
    .where(and(eq(clickEvents.targetType, targetType), eq(clickEvents.targetId, targetId)))
    .groupBy(clickEvents.inApp, clickEvents.opened, clickEvents.isBot);
  return sortEvents(rows);
}

const sortEvents = (rows: EventSummary[]) =>
  [...rows].sort((a, b) =>
    `${a.inApp}|${a.opened}|${a.isBot}`.localeCompare(`${b.inApp}|${b.opened}|${b.isBot}`),
  );

/** Checks an escape page answer: status, headers, the CSP's hash of its one script. */
function expectEscapePage(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["cache-control"]).toBe("private, no-store");
  expect(response.headers.vary).toBe("User-Agent");
  expect(response.headers.location).toBeUndefined();
  const script = /<script>([\s\S]*?)<\/script>/.exec(response.body)?.[1];
  expect(script).toBeDefined();
  const hash = createHash("sha256").update(script!).digest("base64");
  expect(String(response.headers["content-security-policy"])).toContain(`script-src 'sha256-${hash}'`);
  // Tiny and self-contained: nothing loaded from elsewhere, pt-BR.
  expect(response.body).not.toMatch(/\ssrc=|<link\s/);
  expect(response.body).toContain('lang="pt-BR"');
}

// ---------------------------------------------------------------------------------------------------------

describe("GET /s/{code}: the matrix of user agents × targets", () => {
  /** The short link of each target, created once. */
  const linkOf = new Map<string, { id: number; shortCode: string }>();
  /** What each link's GETs should have recorded: per link, "inApp|opened|isBot" → clicks. */
  const tally = new Map<number, Map<string, number>>();
  const record = (linkId: number, inApp: string | null, opened: string | null, isBot: boolean) => {
    const counts = tally.get(linkId) ?? new Map<string, number>();
    const key = `${inApp}|${opened}|${isBot}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    tally.set(linkId, counts);
  };

  beforeAll(async () => {
    const { user } = await t.signIn();
    for (const target of TARGETS) {
      const row = await createShortLink(t.database.db, {
        userId: user.id,
        domainId: t.app.domains.default.id,
        originalUrl: target.url,
      });
      linkOf.set(target.url, row);
    }
  });

  it("covers every in-app browser at least twice on each of iOS and Android, and every known app", () => {
    for (const name of ["Instagram", "Facebook", "Messenger", "TikTok", "Threads", "LinkedIn", "X"].concat([
      "Snapchat",
      "Pinterest",
      "Kwai",
      "LINE",
    ])) {
      for (const os of ["ios", "android"] as const)
        expect(IN_APP.filter((a) => a.app === name && a.os === os).length, `${name} ${os}`).toBe(2);
    }
    // Each target is its app's (and the unknown site nobody's), so every branch of the page is met:
    // an app with an iOS scheme, one without (Mercado Livre, Shopee, Kwai), and the browser.
    for (const target of TARGETS) expect(appTargetOf(target.url)?.name ?? null, target.url).toBe(target.app);
    const withoutIosScheme = TARGETS.filter((target) => target.app && !appTargetOf(target.url)!.ios);
    expect(withoutIosScheme.map((target) => target.app)).toEqual(["Mercado Livre", "Shopee", "Kwai"]);
    for (const target of TARGETS) expect(new URL(target.url).href).toBe(target.url);
  });

  it.each(IN_APP)("$label: the escape page to the target's app, else the browser", async (agent) => {
    for (const target of TARGETS) {
      const link = linkOf.get(target.url)!;
      const expected = expectedEscape(agent.os, target.url);
      const response = await visit(link.shortCode, agent.ua);
      const what = `${agent.label} → ${target.app ?? "unknown site"}`;
      expect(response.statusCode, what).toBe(200);
      expectEscapePage(response);

      const open = byId(response.body, "abrir");
      expect(open?.name, what).toBe("a");
      expect(fromAttr(String(open!.attrs.href)), what).toBe(expected.href);
      expect(open!.attrs.href, what).toBe(attr(expected.href));
      expect("data-auto" in open!.attrs, what).toBe(expected.auto);
      expect("data-fallback" in open!.attrs, what).toBe(expected.fallback);
      if (agent.os === "android") {
        // The intent names the app's package (or the browser's VIEW action); its fallback is the target.
        expect(expected.href, what).toMatch(/^intent:\/\/[^#]*#Intent;scheme=(?:https|whatsapp);/);
        expect(fallbackOf(expected.href), what).toBe(target.url);
        if (expected.kind === "app") expect(expected.href, what).toContain(";package=");
        else expect(expected.href, what).toContain(";action=android.intent.action.VIEW;");
      } else if (expected.kind === "browser") {
        expect(expected.href, what).toMatch(/^x-safari-https:\/\//);
      }
      // The target itself, always a plain link (and the page's text with it).
      const stay = byId(response.body, "seguir");
      expect(stay?.name, what).toBe("a");
      expect(stay!.attrs.href, what).toBe(attr(target.url));
      expect(fromAttr(stay!.text), what).toBe(ESCAPE_PAGE_MESSAGES.stay);
      if (expected.kind === "app") {
        expect(target.app, what).not.toBeNull();
        expect(fromAttr(open!.text), what).toBe(ESCAPE_PAGE_MESSAGES.openApp(target.app!));
        expect(response.body, what).toContain(attr(ESCAPE_PAGE_MESSAGES.appLead(target.app!, agent.app)));
        expect(byId(response.body, "endereco"), what).toBeNull();
      } else {
        expect(fromAttr(open!.text), what).toBe(
          agent.os === "ios" ? ESCAPE_PAGE_MESSAGES.openSafari : ESCAPE_PAGE_MESSAGES.openBrowser,
        );
        expect(response.body, what).toContain(attr(ESCAPE_PAGE_MESSAGES.howTo(agent.app)));
        // The link in a text box to copy, and the copy button (shown by the script).
        const address = byId(response.body, "endereco");
        expect(address?.name, what).toBe("input");
        expect(address!.attrs.value, what).toBe(attr(target.url));
        expect("readonly" in address!.attrs, what).toBe(true);
        const copy = byId(response.body, "copiar");
        expect(copy?.name, what).toBe("button");
        expect(copy!.attrs.type, what).toBe("button");
        expect(fromAttr(copy!.text), what).toBe(ESCAPE_PAGE_MESSAGES.copy);
      }
      record(link.id, agent.app, expected.kind, false);

      // HEAD: the same page's headers, no body, nothing counted.
      const head = await visit(link.shortCode, agent.ua, "HEAD");
      expect(head.statusCode, what).toBe(200);
      expect(head.headers["content-type"], what).toBe("text/html; charset=utf-8");
      expect(head.headers["content-length"], what).toBe(response.headers["content-length"]);
      expect(head.body, what).toBe("");
    }
  });

  it.each([...PLAIN_BROWSERS, ...BOTS])("$label: the plain 302 to every target", async (agent) => {
    const isBot = BOTS.includes(agent);
    for (const target of TARGETS) {
      const link = linkOf.get(target.url)!;
      for (const method of ["GET", "HEAD"] as const) {
        const response = await visit(link.shortCode, agent.ua, method);
        const what = `${agent.label} ${method} → ${target.app ?? "unknown site"}`;
        expect(response.statusCode, what).toBe(302);
        expect(response.headers.location, what).toBe(target.url);
        expect(response.headers["cache-control"], what).toBe("private, max-age=0");
        expect(response.headers["content-type"], what).toBeUndefined();
        expect(response.headers.vary, what).toBeUndefined();
        expect(response.body, what).toBe("");
      }
      record(link.id, null, null, isBot);
    }
  });

  it("counted each GET once, with the app it came from and where it was sent; no HEAD", async () => {
    await t.app.clicks.flush();
    for (const target of TARGETS) {
      const link = linkOf.get(target.url)!;
      const expected = [...(tally.get(link.id) ?? new Map<string, number>())].map(([key, clicks]) => {
        const [inApp, opened, isBot] = key.split("|");
        return {
          inApp: inApp === "null" ? null : inApp!,
          opened: opened === "null" ? null : opened!,
          isBot: isBot === "true",
          clicks,
        };
      });
      expect(await eventsOf("short_url", link.id), target.url).toEqual(sortEvents(expected));
      // People's GETs only: bots are kept apart, HEADs are not clicks.
      const people = expected.filter((row) => !row.isBot).reduce((n, row) => n + row.clicks, 0);
      expect((await linkRowOf(link.id)).clickCount, target.url).toBe(people);
    }
  });
});

describe("GET /s/{code}: the clicks of one link, once each", () => {
  it("counts GETs only, each with in_app and opened as served", async () => {
    const row = await linkRow({ originalUrl: MERCADO_LIVRE });
    // Android: Mercado Livre's app; iOS: no scheme for it, the browser; desktop: the plain 302.
    expect((await visit(row.shortCode, INSTAGRAM_ANDROID.ua)).statusCode).toBe(200);
    expect((await visit(row.shortCode, INSTAGRAM_ANDROID.ua)).statusCode).toBe(200);
    expect((await visit(row.shortCode, TIKTOK_IOS.ua)).statusCode).toBe(200);
    expect((await visit(row.shortCode, DESKTOP)).statusCode).toBe(302);
    for (const ua of [INSTAGRAM_ANDROID.ua, TIKTOK_IOS.ua, DESKTOP]) await visit(row.shortCode, ua, "HEAD");
    await t.app.clicks.flush();
    expect(await eventsOf("short_url", row.id)).toEqual(
      sortEvents([
        { inApp: "Instagram", opened: "app", isBot: false, clicks: 2 },
        { inApp: "TikTok", opened: "browser", isBot: false, clicks: 1 },
        { inApp: null, opened: null, isBot: false, clicks: 1 },
      ]),
    );
    expect((await linkRowOf(row.id)).clickCount).toBe(4);
  });

  it("is answered the same by the listening server (before Fastify's router)", async () => {
    const row = await linkRow({ originalUrl: YOUTUBE });
    const server = t.app.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const get = (ua: string) =>
        fetch(`http://127.0.0.1:${port}/s/${row.shortCode}`, {
          redirect: "manual",
          headers: { "user-agent": ua },
        });
      const inApp = await get(INSTAGRAM_ANDROID.ua);
      expect(inApp.status).toBe(200);
      expect(inApp.headers.get("cache-control")).toBe("private, no-store");
      const open = byId(await inApp.text(), "abrir");
      expect(fromAttr(String(open!.attrs.href))).toBe(appTargetOf(YOUTUBE)!.android);
      const plain = await get(DESKTOP);
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe(YOUTUBE);
      await t.app.clicks.flush();
      expect(await eventsOf("short_url", row.id)).toEqual(
        sortEvents([
          { inApp: "Instagram", opened: "app", isBot: false, clicks: 1 },
          { inApp: null, opened: null, isBot: false, clicks: 1 },
        ]),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the switch: open_in_app on short links", () => {
  it("is on by default: the API answers true and Instagram gets the escape page", async () => {
    const { cookie } = await t.signIn();
    const created = await shorten(cookie, { original_url: YOUTUBE });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<ShortenedUrl>();
    expect(link.open_in_app).toBe(true);
    const read = await t.request({ method: "GET", url: `/api/shortened-urls/${link.id}`, cookie });
    expect(read.json<ShortenedUrl>().open_in_app).toBe(true);
    const response = await visit(link.short_code, INSTAGRAM_ANDROID.ua);
    expectEscapePage(response);
    expect(fromAttr(String(byId(response.body, "abrir")!.attrs.href))).toBe(appTargetOf(YOUTUBE)!.android);
  });

  it("off on create: the plain 302 even inside Instagram, counted as in-app but sent nowhere else", async () => {
    const { cookie } = await t.signIn();
    const created = await shorten(cookie, { original_url: YOUTUBE, open_in_app: false });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<ShortenedUrl>();
    expect(link.open_in_app).toBe(false);
    expect((await linkRowOf(link.id)).openInApp).toBe(false);
    for (const agent of [INSTAGRAM_ANDROID, INSTAGRAM_IOS, TIKTOK_ANDROID]) {
      const response = await visit(link.short_code, agent.ua);
      expect(response.statusCode, agent.label).toBe(302);
      expect(response.headers.location, agent.label).toBe(YOUTUBE);
    }
    await t.app.clicks.flush();
    expect(await eventsOf("short_url", link.id)).toEqual(
      sortEvents([
        { inApp: "Instagram", opened: null, isBot: false, clicks: 2 },
        { inApp: "TikTok", opened: null, isBot: false, clicks: 1 },
      ]),
    );
  });

  it("turned off by an update (even once cached), kept when absent, and on again", async () => {
    const { cookie } = await t.signIn();
    const link = (await shorten(cookie, { original_url: YOUTUBE })).json<ShortenedUrl>();
    // Cached as "on" by this visit.
    expect((await visit(link.short_code, INSTAGRAM_ANDROID.ua)).statusCode).toBe(200);
    const update = (payload: Record<string, unknown>) =>
      t.request({
        method: "PUT",
        url: `/api/shortened-urls/${link.id}`,
        cookie,
        payload,
        remoteAddress: fromNewIp(),
      });
    const off = await update({ open_in_app: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<ShortenedUrl>().open_in_app).toBe(false);
    const plain = await visit(link.short_code, INSTAGRAM_ANDROID.ua);
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe(YOUTUBE);

    const retitled = await update({ title: "Sem mexer no app" });
    expect(retitled.json<ShortenedUrl>().open_in_app).toBe(false);
    expect((await visit(link.short_code, INSTAGRAM_ANDROID.ua)).statusCode).toBe(302);

    const on = await update({ open_in_app: true });
    expect(on.json<ShortenedUrl>().open_in_app).toBe(true);
    expect((await visit(link.short_code, INSTAGRAM_ANDROID.ua)).statusCode).toBe(200);
  });

  it.each([["sim"], [1], [null], ["true"]])(
    "refuses open_in_app %j with the pt-BR message, on create and update, and changes nothing",
    async (value) => {
      const { user, cookie } = await t.signIn();
      const refused = await shorten(cookie, { original_url: YOUTUBE, open_in_app: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ details: { open_in_app: POWER_LINK_MESSAGES.openInApp } });
      expect(await t.database.db.$count(shortenedUrls, eq(shortenedUrls.userId, user.id))).toBe(0);

      const link = (await shorten(cookie, { original_url: YOUTUBE })).json<ShortenedUrl>();
      const before = await linkRowOf(link.id);
      const update = await t.request({
        method: "PUT",
        url: `/api/shortened-urls/${link.id}`,
        cookie,
        payload: { open_in_app: value, title: "Não deve mudar" },
        remoteAddress: fromNewIp(),
      });
      expect(update.statusCode).toBe(400);
      expect(update.json()).toMatchObject({ details: { open_in_app: POWER_LINK_MESSAGES.openInApp } });
      expect(await linkRowOf(link.id)).toEqual(before);
    },
  );
});

describe("password, expiry, click limit and the block list come first", () => {
  it("a password link shows the password page inside Instagram; the right password then the escape", async () => {
    const row = await linkRow({ originalUrl: YOUTUBE, passwordHash: await hashPassword("segredo-123") });
    const page = await visit(row.shortCode, INSTAGRAM_ANDROID.ua);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(POWER_LINK_MESSAGES.passwordPrompt);
    expect(page.body).toContain('name="password"');
    expect(byId(page.body, "abrir")).toBeNull();
    expect(page.body).not.toContain("intent://");
    const head = await visit(row.shortCode, INSTAGRAM_ANDROID.ua, "HEAD");
    expect(head.headers["content-length"]).toBe(page.headers["content-length"]);

    const unlocked = await t.request({
      method: "POST",
      url: `/s/${row.shortCode}`,
      remoteAddress: fromNewIp(),
      headers: {
        "user-agent": INSTAGRAM_ANDROID.ua,
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:80",
        host: "localhost:80",
      },
      payload: new URLSearchParams({ password: "segredo-123" }).toString(),
    });
    expectEscapePage(unlocked);
    expect(fromAttr(String(byId(unlocked.body, "abrir")!.attrs.href))).toBe(appTargetOf(YOUTUBE)!.android);
    await t.app.clicks.flush();
    // The password page is no click; the unlocked visit is one, sent to the app.
    expect(await eventsOf("short_url", row.id)).toEqual([
      { inApp: "Instagram", opened: "app", isBot: false, clicks: 1 },
    ]);
  });

  it("an expired link goes to its expired_url, or to the notice, not to the escape page", async () => {
    const past = new Date(Date.now() - 60_000);
    const withTarget = await linkRow({ expiresAt: past, expiredUrl: "https://exemplo.com.br/acabou" });
    const bare = await linkRow({ expiresAt: past });
    const usedUp = await linkRow({
      clickLimit: 1,
      limitUsed: 1,
      expiredUrl: "https://exemplo.com.br/esgotou",
    });
    for (const agent of [INSTAGRAM_ANDROID, INSTAGRAM_IOS]) {
      const expired = await visit(withTarget.shortCode, agent.ua);
      expect(expired.statusCode, agent.label).toBe(302);
      expect(expired.headers.location, agent.label).toBe("https://exemplo.com.br/acabou");
      const notice = await visit(bare.shortCode, agent.ua);
      expect(notice.statusCode, agent.label).toBe(302);
      expect(notice.headers.location, agent.label).toBe(unavailableLocation(bare.shortCode));
      const spent = await visit(usedUp.shortCode, agent.ua);
      expect(spent.statusCode, agent.label).toBe(302);
      expect(spent.headers.location, agent.label).toBe("https://exemplo.com.br/esgotou");
    }
    await t.app.clicks.flush();
    for (const row of [withTarget, bare, usedUp]) expect(await eventsOf("short_url", row.id)).toEqual([]);
  });

  it("a click limit is taken by an in-app visit answered with the escape page, then runs out", async () => {
    const row = await linkRow({
      originalUrl: YOUTUBE,
      clickLimit: 2,
      expiredUrl: "https://exemplo.com.br/esgotou",
    });
    expectEscapePage(await visit(row.shortCode, INSTAGRAM_ANDROID.ua));
    // A HEAD takes nothing from the limit.
    expect((await visit(row.shortCode, INSTAGRAM_ANDROID.ua, "HEAD")).statusCode).toBe(200);
    expectEscapePage(await visit(row.shortCode, TIKTOK_IOS.ua));
    const after = await visit(row.shortCode, INSTAGRAM_ANDROID.ua);
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe("https://exemplo.com.br/esgotou");
    await t.app.clicks.flush();
    expect(await linkRowOf(row.id)).toMatchObject({ clickCount: 2, limitUsed: 2 });
  });

  it("a target on a blocked domain shows the block warning, not the escape page, and counts nothing", async () => {
    const domain = `${unique("golpe")}.com`;
    await blockDomain(domain);
    const row = await linkRow({ originalUrl: `https://${domain}/promo` });
    // A rule's target counts too: a YouTube link whose Android rule goes to the blocked domain.
    const ruled = await linkRow({
      originalUrl: YOUTUBE,
      rules: [{ type: "device", value: "android", url: `https://www.${domain}/android` }],
    });
    for (const code of [row.shortCode, ruled.shortCode]) {
      for (const agent of [INSTAGRAM_ANDROID, INSTAGRAM_IOS]) {
        const response = await visit(code, agent.ua);
        expect(response.statusCode, agent.label).toBe(403);
        expect(response.body).toContain(BLOCKED_PAGE_MESSAGES.title);
        expect(byId(response.body, "abrir")).toBeNull();
        expect(response.body).not.toContain("intent://");
      }
    }
    await t.app.clicks.flush();
    expect(await eventsOf("short_url", row.id)).toEqual([]);
    expect(await eventsOf("short_url", ruled.id)).toEqual([]);
  });
});

describe("redirect rules come first", () => {
  it("the escape carries the rule's target: a device rule is applied before the escape", async () => {
    const row = await linkRow({
      originalUrl: UNKNOWN,
      rules: [
        { type: "device", value: "android", url: YOUTUBE },
        { type: "device", value: "ios", url: SPOTIFY },
      ],
    });
    // Android in-app: the rule's YouTube video, in YouTube's app, falling back to that video.
    for (const agent of [INSTAGRAM_ANDROID, TIKTOK_ANDROID]) {
      const response = await visit(row.shortCode, agent.ua);
      expectEscapePage(response);
      const href = fromAttr(String(byId(response.body, "abrir")!.attrs.href));
      expect(href, agent.label).toBe(appTargetOf(YOUTUBE)!.android);
      expect(fallbackOf(href), agent.label).toBe(YOUTUBE);
      expect(byId(response.body, "seguir")!.attrs.href, agent.label).toBe(attr(YOUTUBE));
    }
    // iOS in-app: the rule's Spotify track, in Spotify's app (then the track's web page).
    const ios = await visit(row.shortCode, INSTAGRAM_IOS.ua);
    expectEscapePage(ios);
    const open = byId(ios.body, "abrir")!;
    expect(fromAttr(String(open.attrs.href))).toBe("spotify:track:4uLU6hMCjMI75M1A2tKUQC");
    expect("data-fallback" in open.attrs).toBe(true);
    expect(byId(ios.body, "seguir")!.attrs.href).toBe(attr(SPOTIFY));
    // Outside in-app browsers, the rules' plain 302s.
    expect((await visit(row.shortCode, CHROME_ANDROID)).headers.location).toBe(YOUTUBE);
    expect((await visit(row.shortCode, DESKTOP)).headers.location).toBe(UNKNOWN);
  });

  it("a link whose rules do not match an in-app visitor escapes to its own target", async () => {
    const row = await linkRow({
      originalUrl: UNKNOWN,
      rules: [{ type: "device", value: "desktop", url: YOUTUBE }],
    });
    const response = await visit(row.shortCode, INSTAGRAM_ANDROID.ua);
    expectEscapePage(response);
    expect(fromAttr(String(byId(response.body, "abrir")!.attrs.href))).toBe(androidBrowserIntent(UNKNOWN));
  });
});

describe("Link Bio: /p/{slug} inside an in-app browser", () => {
  const LOJA = "https://loja.exemplo.com.br/vitrine?cor=azul&tam=M";
  type Page = { cookie: string; id: number; slug: string; youtube: number; loja: number; header: number };

  /** A page with a YouTube block ("Abrir no app" on), a shop block (off) and a header. */
  async function pageWithBlocks(body: Record<string, unknown> = {}): Promise<Page> {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, body);
    const youtube = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Meu canal", url: YOUTUBE, open_in_app: true },
    });
    const loja = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Loja", url: LOJA, open_in_app: false },
    });
    const header = await addBlock(cookie, page.id, { type: "header", data: { text: "Novidades" } });
    return { cookie, id: page.id, slug: page.slug, youtube: youtube.id, loja: loja.id, header: header.id };
  }

  const pageUrl = (slug: string) => `${TEST_PUBLIC_URL}/p/${slug}`;

  function expectPlainCopy(html: string, page: Page) {
    expect(noticeOf(html)).toBeNull();
    expect(html).not.toContain(ESCAPE_NOTICE_MESSAGES.text);
    expect(html).not.toContain("/abrir/");
    const youtube = linkWithText(html, "Meu canal")!;
    expect(youtube.attrs.href).toBe(attr(YOUTUBE));
    expect(youtube.attrs["data-link-id"]).toBe(String(page.youtube));
    const loja = linkWithText(html, "Loja")!;
    expect(loja.attrs.href).toBe(attr(LOJA));
    expect(loja.attrs["data-link-id"]).toBe(String(page.loja));
  }

  /** The in-app copy: the notice, and the switched-on block through the server's escape. */
  function expectInAppCopy(html: string, page: Page, os: Os) {
    const notice = noticeOf(html);
    expect(notice).not.toBeNull();
    expect(notice!.attrs.role).toBe("region");
    expect(notice!.attrs["aria-label"]).toBe(ESCAPE_NOTICE_MESSAGES.open);
    expect(notice!.body).toContain(ESCAPE_NOTICE_MESSAGES.text);
    expect(notice!.linkText).toBe(
      os === "ios" ? ESCAPE_NOTICE_MESSAGES.openSafari : ESCAPE_NOTICE_MESSAGES.open,
    );
    const way =
      os === "android" ? androidBrowserIntent(pageUrl(page.slug)) : iosSafariUrl(pageUrl(page.slug));
    expect(notice!.href).toBe(attr(way));
    if (os === "android") {
      expect(way).toMatch(/^intent:\/\/localhost:3000\/p\/[^#]+#Intent;scheme=http;action=/);
      expect(fallbackOf(way)).toBe(pageUrl(page.slug));
    } else {
      expect(way).toBe(`x-safari-${pageUrl(page.slug)}`);
    }
    // Dismissible without JavaScript: a checkbox before it hides it.
    expect(byId(html, "lb-esc-x")?.attrs).toMatchObject({
      type: "checkbox",
      "aria-label": ESCAPE_NOTICE_MESSAGES.close,
    });
    // "Abrir no app" on: through the server's escape, which counts the click itself (no beacon id).
    const youtube = linkWithText(html, "Meu canal")!;
    expect(youtube.attrs.href).toBe(`/p/${page.slug}/abrir/${page.youtube}`);
    expect(youtube.attrs["data-link-id"]).toBeUndefined();
  }

  /** The block with "Abrir no app" off keeps its own link (and the beacon) in-app too. */
  function expectSwitchedOffBlockDirect(html: string, page: Page) {
    const loja = linkWithText(html, "Loja")!;
    expect(loja.attrs.href).toBe(attr(LOJA));
    expect(loja.attrs["data-link-id"]).toBe(String(page.loja));
  }

  it("a normal visitor (or a bot) sees no notice and the blocks' own links", async () => {
    const page = await pageWithBlocks();
    for (const ua of [DESKTOP, CHROME_ANDROID, PLAIN_BROWSERS[0]!.ua, GOOGLEBOT]) {
      const response = await getPage(page.slug, ua);
      expect(response.statusCode).toBe(200);
      expectPlainCopy(response.body, page);
    }
  });

  it("Instagram on Android: the notice with an intent to the page, the switched-on block through /abrir", async () => {
    const page = await pageWithBlocks();
    const response = await getPage(page.slug, INSTAGRAM_ANDROID.ua);
    expect(response.statusCode).toBe(200);
    expectInAppCopy(response.body, page, "android");
  });

  it("Instagram on iOS: the notice's link is Safari's x-safari-https address", async () => {
    const page = await pageWithBlocks();
    const response = await getPage(page.slug, INSTAGRAM_IOS.ua);
    expect(response.statusCode).toBe(200);
    expectInAppCopy(response.body, page, "ios");
  });

  // The block's switch is stored in `data` beside its highlight (link-pages.wire.ts).
  it("the API answers a link block's open_in_app: true by default, false when switched off", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const byDefault = await addBlock(cookie, page.id, { type: "link", data: { title: "A", url: YOUTUBE } });
    const off = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Loja", url: LOJA, open_in_app: false },
    });
    const listed = await t.request({ method: "GET", url: `/api/link-pages/${page.id}/blocks`, cookie });
    const answered = listed.json<{ id: number; data: { open_in_app?: boolean } }[]>();
    expect([byDefault.data.open_in_app, off.data.open_in_app]).toEqual([true, false]);
    expect(answered.map((block) => block.data.open_in_app)).toEqual([true, false]);
  });

  it("in-app, a block switched off keeps its own link (and beacon); /abrir for it is the plain 302", async () => {
    const page = await pageWithBlocks();
    for (const agent of [INSTAGRAM_ANDROID, INSTAGRAM_IOS]) {
      const html = (await getPage(page.slug, agent.ua)).body;
      expectInAppCopy(html, page, agent.os);
      expectSwitchedOffBlockDirect(html, page);
    }
    // Followed anyway (a hand-made link): the plain redirect, counted as in-app but sent nowhere.
    const loja = await getPage(`${page.slug}/abrir/${page.loja}`, INSTAGRAM_ANDROID.ua);
    expect(loja.statusCode).toBe(302);
    expect(loja.headers.location).toBe(LOJA);
    await t.app.clicks.flush();
    expect(await eventsOf("link", page.loja)).toEqual([
      { inApp: "Instagram", opened: null, isBot: false, clicks: 1 },
    ]);
  });

  it("a block switched off by an edit links straight to its URL in the in-app copies", async () => {
    const page = await pageWithBlocks();
    expectInAppCopy((await getPage(page.slug, INSTAGRAM_ANDROID.ua)).body, page, "android");
    const edited = await t.request({
      method: "PUT",
      url: `/api/blocks/${page.youtube}`,
      cookie: page.cookie,
      payload: { data: { title: "Meu canal", url: YOUTUBE, open_in_app: false } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const agent of [INSTAGRAM_ANDROID, INSTAGRAM_IOS]) {
      const youtube = linkWithText((await getPage(page.slug, agent.ua)).body, "Meu canal")!;
      expect(youtube.attrs.href, agent.label).toBe(attr(YOUTUBE));
      expect(youtube.attrs["data-link-id"], agent.label).toBe(String(page.youtube));
    }
    expect(edited.json<{ data: { open_in_app?: boolean } }>().data.open_in_app).toBe(false);
  });

  it("keeps each kind of visitor's copy apart in the cache, and a 304 only for the visitor's own copy", async () => {
    const page = await pageWithBlocks();
    const plain = await getPage(page.slug, DESKTOP);
    expectPlainCopy(plain.body, page);
    const android = await getPage(page.slug, INSTAGRAM_ANDROID.ua);
    expectInAppCopy(android.body, page, "android");
    expectPlainCopy((await getPage(page.slug, DESKTOP)).body, page);
    expectInAppCopy((await getPage(page.slug, TIKTOK_IOS.ua)).body, page, "ios");
    expectInAppCopy((await getPage(page.slug, TIKTOK_ANDROID.ua)).body, page, "android");
    expectPlainCopy((await getPage(page.slug, CHROME_ANDROID)).body, page);
    // Caches are told the copies differ by agent; a revalidation with another copy's tag gets the
    // visitor's own copy, not a 304.
    expect(plain.headers.vary).toBe("Accept-Encoding, User-Agent");
    expect(android.headers.vary).toBe("Accept-Encoding, User-Agent");
    expect(android.headers.etag).not.toBe(plain.headers.etag);
    const crossed = await getPage(page.slug, INSTAGRAM_ANDROID.ua, {
      "if-none-match": String(plain.headers.etag),
    });
    expect(crossed.statusCode).toBe(200);
    expectInAppCopy(crossed.body, page, "android");
    const back = await getPage(page.slug, DESKTOP, { "if-none-match": String(android.headers.etag) });
    expect(back.statusCode).toBe(200);
    expectPlainCopy(back.body, page);
    const same = await getPage(page.slug, INSTAGRAM_ANDROID.ua, {
      "if-none-match": String(android.headers.etag),
    });
    expect(same.statusCode).toBe(304);

    // The listening server answers cached copies before routing: the same copies there.
    const server = t.app.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const get = async (ua: string) =>
        (await fetch(`http://127.0.0.1:${port}/p/${page.slug}`, { headers: { "user-agent": ua } })).text();
      expectInAppCopy(await get(INSTAGRAM_ANDROID.ua), page, "android");
      expectPlainCopy(await get(DESKTOP), page);
      expectInAppCopy(await get(INSTAGRAM_IOS.ua), page, "ios");
      expectPlainCopy(await get(PLAIN_BROWSERS[0]!.ua), page);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("an edit drops the in-app copies too", async () => {
    const page = await pageWithBlocks();
    expectInAppCopy((await getPage(page.slug, INSTAGRAM_ANDROID.ua)).body, page, "android");
    expectInAppCopy((await getPage(page.slug, INSTAGRAM_IOS.ua)).body, page, "ios");
    expectPlainCopy((await getPage(page.slug, DESKTOP)).body, page);
    const edited = await t.request({
      method: "PUT",
      url: `/api/blocks/${page.youtube}`,
      cookie: page.cookie,
      payload: { data: { title: "Canal novo", url: YOUTUBE } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const agent of [INSTAGRAM_ANDROID, INSTAGRAM_IOS]) {
      const html = (await getPage(page.slug, agent.ua)).body;
      expect(linkWithText(html, "Meu canal"), agent.label).toBeNull();
      expect(linkWithText(html, "Canal novo")!.attrs.href, agent.label).toBe(
        `/p/${page.slug}/abrir/${page.youtube}`,
      );
    }
    expect(linkWithText((await getPage(page.slug, DESKTOP)).body, "Canal novo")!.attrs.href).toBe(
      attr(YOUTUBE),
    );
  });

  it("/p/{slug}/abrir/{id}: the escape page in-app, a 302 elsewhere; each GET counted once, HEAD never", async () => {
    const page = await pageWithBlocks();
    const follow = (id: number, ua: string, method: "GET" | "HEAD" = "GET") =>
      getPage(`${page.slug}/abrir/${id}`, ua, {}, method);

    const android = await follow(page.youtube, INSTAGRAM_ANDROID.ua);
    expectEscapePage(android);
    const intent = fromAttr(String(byId(android.body, "abrir")!.attrs.href));
    expect(intent).toBe(appTargetOf(YOUTUBE)!.android);
    expect(intent).toContain(";package=com.google.android.youtube;");
    expect(fallbackOf(intent)).toBe(YOUTUBE);
    expect(byId(android.body, "seguir")!.attrs.href).toBe(attr(YOUTUBE));

    const ios = await follow(page.youtube, TIKTOK_IOS.ua);
    expectEscapePage(ios);
    expect(fromAttr(String(byId(ios.body, "abrir")!.attrs.href))).toBe(appTargetOf(YOUTUBE)!.ios);

    const desktop = await follow(page.youtube, DESKTOP);
    expect(desktop.statusCode).toBe(302);
    expect(desktop.headers.location).toBe(YOUTUBE);
    expect(desktop.headers["cache-control"]).toBe("private, no-store");

    // A HEAD answers the same and counts nothing.
    const headInApp = await follow(page.youtube, INSTAGRAM_ANDROID.ua, "HEAD");
    expect(headInApp.statusCode).toBe(200);
    expect(headInApp.headers["content-length"]).toBe(android.headers["content-length"]);
    expect(headInApp.body).toBe("");
    expect((await follow(page.youtube, DESKTOP, "HEAD")).headers.location).toBe(YOUTUBE);

    await t.app.clicks.flush();
    expect(await eventsOf("link", page.youtube)).toEqual(
      sortEvents([
        { inApp: "Instagram", opened: "app", isBot: false, clicks: 1 },
        { inApp: "TikTok", opened: "app", isBot: false, clicks: 1 },
        { inApp: null, opened: null, isBot: false, clicks: 1 },
      ]),
    );
    const [row] = await t.database.db
      .select({ clicks: links.clickCount })
      .from(links)
      .where(eq(links.id, page.youtube));
    expect(row!.clicks).toBe(3);
  });

  it("/p/{slug}/abrir/{id}: 404 for an unknown block, a block that is not a link, another page's block", async () => {
    const page = await pageWithBlocks();
    const other = await pageWithBlocks();
    for (const id of [String(page.header), "2147483000", String(other.youtube), "abc", "0"]) {
      for (const ua of [INSTAGRAM_ANDROID.ua, DESKTOP]) {
        const response = await getPage(`${page.slug}/abrir/${id}`, ua);
        expect(response.statusCode, `${id} ${ua}`).toBe(404);
        expect(response.headers.location, id).toBeUndefined();
      }
    }
    const unknownPage = await getPage(`${page.slug}-nao-existe/abrir/${page.youtube}`, INSTAGRAM_ANDROID.ua);
    expect(unknownPage.statusCode).toBe(404);
    await t.app.clicks.flush();
    expect(await eventsOf("link", other.youtube)).toEqual([]);
    expect(await eventsOf("header", page.header)).toEqual([]);
  });

  // Only the vCard's address takes a `.vcf` after the id.
  it("/p/{slug}/abrir/{id}.vcf is no address of a block: 404, nothing counted", async () => {
    const page = await pageWithBlocks();
    for (const ua of [INSTAGRAM_ANDROID.ua, DESKTOP]) {
      const response = await getPage(`${page.slug}/abrir/${page.youtube}.vcf`, ua);
      expect(response.statusCode, ua).toBe(404);
    }
    await t.app.clicks.flush();
    expect(await eventsOf("link", page.youtube)).toEqual([]);
  });

  it("a sensitive page: the in-app links carry the 18+ confirmation, and /abrir needs it", async () => {
    const page = await pageWithBlocks({ is_sensitive: true });
    const gate = await getPage(page.slug, INSTAGRAM_ANDROID.ua);
    expect(gate.statusCode).toBe(200);
    expect(gate.body).not.toContain("/abrir/");
    const confirmed = await getPage(`${page.slug}?idade=18`, INSTAGRAM_ANDROID.ua);
    expect(linkWithText(confirmed.body, "Meu canal")!.attrs.href).toBe(
      attr(`/p/${page.slug}/abrir/${page.youtube}?idade=18`),
    );
    expect((await getPage(`${page.slug}/abrir/${page.youtube}`, INSTAGRAM_ANDROID.ua)).statusCode).toBe(404);
    expectEscapePage(await getPage(`${page.slug}/abrir/${page.youtube}?idade=18`, INSTAGRAM_ANDROID.ua));
  });

  it("a block on a domain blocked later goes to the warning page, not the escape, and is not counted", async () => {
    const domain = `${unique("golpe-bio")}.com`;
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const block = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Oferta", url: `https://${domain}/oferta` },
    });
    expect((await getPage(`${page.slug}/abrir/${block.id}`, INSTAGRAM_ANDROID.ua)).statusCode).toBe(200);
    await blockDomain(domain);
    expect((await getPage(page.slug, INSTAGRAM_ANDROID.ua)).body).not.toContain(domain);
    const response = await getPage(`${page.slug}/abrir/${block.id}`, INSTAGRAM_ANDROID.ua);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^http:\/\/localhost:3000\/aviso\/bloqueado\?url=/);
    await t.app.clicks.flush();
    // Only the visit before the block.
    expect(await eventsOf("link", block.id)).toEqual([
      { inApp: "Instagram", opened: "browser", isBot: false, clicks: 1 },
    ]);
  });
});

describe("analytics: in_app", () => {
  const range = "range=7d";

  it("a short link's: in-app visits and their share, app and browser opens, the apps", async () => {
    const { cookie } = await t.signIn();
    const link = (await shorten(cookie, { original_url: MERCADO_LIVRE })).json<ShortenedUrl>();
    // Instagram on Android ×2 → Mercado Livre's app; TikTok on iOS → the browser (no scheme);
    // one desktop visit; a bot and a HEAD, which are no visits.
    await visit(link.short_code, INSTAGRAM_ANDROID.ua);
    await visit(link.short_code, IN_APP.filter((a) => a.app === "Instagram" && a.os === "android")[1]!.ua);
    await visit(link.short_code, TIKTOK_IOS.ua);
    await visit(link.short_code, DESKTOP);
    await visit(link.short_code, GOOGLEBOT);
    await visit(link.short_code, INSTAGRAM_IOS.ua, "HEAD");
    await t.app.clicks.flush();
    const response = await t.request({
      method: "GET",
      url: `/api/analytics/shortened-urls/${link.id}?${range}`,
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TargetAnalytics>();
    expect(body.total_clicks).toBe(4);
    expect(body.bot_clicks).toBe(1);
    expect(body.in_app).toEqual({
      visits: 3,
      share: 0.75,
      app_opens: 2,
      browser_opens: 1,
      app_open_share: 2 / 3,
      apps: [
        { value: "Instagram", visits: 2 },
        { value: "TikTok", visits: 1 },
      ],
    });
  });

  it("a short link with the switch off: in-app visits, but no opens", async () => {
    const { cookie } = await t.signIn();
    const link = (await shorten(cookie, { original_url: YOUTUBE, open_in_app: false })).json<ShortenedUrl>();
    await visit(link.short_code, INSTAGRAM_ANDROID.ua);
    await visit(link.short_code, DESKTOP);
    await t.app.clicks.flush();
    const body = (
      await t.request({ method: "GET", url: `/api/analytics/shortened-urls/${link.id}?${range}`, cookie })
    ).json<TargetAnalytics>();
    expect(body.in_app).toEqual({
      visits: 1,
      share: 0.5,
      app_opens: 0,
      browser_opens: 0,
      app_open_share: 0,
      apps: [{ value: "Instagram", visits: 1 }],
    });
  });

  it("a link never opened in an app: zeros, no apps", async () => {
    const { cookie } = await t.signIn();
    const link = (await shorten(cookie, { original_url: YOUTUBE })).json<ShortenedUrl>();
    await visit(link.short_code, DESKTOP);
    await t.app.clicks.flush();
    const body = (
      await t.request({ method: "GET", url: `/api/analytics/shortened-urls/${link.id}?${range}`, cookie })
    ).json<TargetAnalytics>();
    expect(body.in_app).toEqual({
      visits: 0,
      share: 0,
      app_opens: 0,
      browser_opens: 0,
      app_open_share: 0,
      apps: [],
    });
  });

  it("a page's: in-app views and their share, and its blocks' app and browser opens", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const youtube = await addBlock(cookie, page.id, { type: "link", data: { title: "Vídeo", url: YOUTUBE } });
    const site = await addBlock(cookie, page.id, { type: "link", data: { title: "Site", url: UNKNOWN } });
    const loja = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Loja", url: MERCADO_LIVRE, open_in_app: false },
    });
    // Views: Instagram Android ×2, TikTok iOS ×1, desktop ×1; a bot and a HEAD are no views.
    for (const ua of [INSTAGRAM_ANDROID.ua, INSTAGRAM_ANDROID.ua, TIKTOK_IOS.ua, DESKTOP, GOOGLEBOT])
      expect((await getPage(page.slug, ua)).statusCode).toBe(200);
    await getPage(page.slug, INSTAGRAM_IOS.ua, {}, "HEAD");
    // Clicks: Instagram Android → the video (app) and the site (browser); TikTok iOS → the video
    // (app); Instagram taps the shop (switch off: its own link, the beacon); desktop → the video.
    expectEscapePage(await getPage(`${page.slug}/abrir/${youtube.id}`, INSTAGRAM_ANDROID.ua));
    expectEscapePage(await getPage(`${page.slug}/abrir/${site.id}`, INSTAGRAM_ANDROID.ua));
    expectEscapePage(await getPage(`${page.slug}/abrir/${youtube.id}`, TIKTOK_IOS.ua));
    const beacon = await t.request({
      method: "POST",
      url: "/api/track-link-click",
      payload: { link_id: loja.id },
      remoteAddress: fromNewIp(),
      headers: { origin: TEST_PUBLIC_URL, "user-agent": INSTAGRAM_ANDROID.ua },
    });
    expect(beacon.statusCode).toBe(204);
    expect((await getPage(`${page.slug}/abrir/${youtube.id}`, DESKTOP)).statusCode).toBe(302);
    await t.app.clicks.flush();

    const response = await t.request({
      method: "GET",
      url: `/api/link-pages/${page.id}/analytics?${range}`,
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PageAnalytics>();
    expect(body).toMatchObject({ views: 4, clicks: 5 });
    expect(body.in_app).toEqual({
      visits: 3,
      share: 0.75,
      app_opens: 2,
      browser_opens: 1,
      // Of the 4 clicks made in-app, 2 went to an app.
      app_open_share: 0.5,
      apps: [
        { value: "Instagram", visits: 2 },
        { value: "TikTok", visits: 1 },
      ],
    });
    // The other route to the same figures agrees.
    const same = await t.request({
      method: "GET",
      url: `/api/analytics/link-pages/${page.id}?${range}`,
      cookie,
    });
    expect(same.json<PageAnalytics>().in_app).toEqual(body.in_app);
  });
});

describe("CSV export: the open_in_app column", () => {
  it("writes sim or não for each link, in the import's fifth column", async () => {
    const { cookie } = await t.signIn();
    const on = (
      await shorten(cookie, { original_url: "https://exemplo.com.br/ligado" })
    ).json<ShortenedUrl>();
    const off = (
      await shorten(cookie, { original_url: "https://exemplo.com.br/desligado", open_in_app: false })
    ).json<ShortenedUrl>();
    const response = await t.request({ method: "GET", url: "/api/shortened-urls/export.csv", cookie });
    expect(response.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, "").trim(), { delimiter: ";" }).data;
    expect(rows[0]![4]).toBe("open_in_app");
    const byCode = Object.fromEntries(rows.slice(1).map((row) => [row[2], row]));
    expect(byCode[on.short_code]![4]).toBe("sim");
    expect(byCode[off.short_code]![4]).toBe("não");
    expect(rows).toHaveLength(3);
  });
});
