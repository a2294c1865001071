import { describe, expect, it } from "vitest";
import { IN_APP_BROWSERS, type InAppBrowser, type InAppBrowserName, inAppBrowserOf } from "./in-app-browser";

type InAppCase = { label: string; ua: string; name: InAppBrowserName; os: InAppBrowser["os"] };

const IN_APP: InAppCase[] = [
  // Instagram
  {
    label: "Instagram 309 on iOS 17",
    name: "Instagram",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.1.1.28.108 (iPhone15,3; iOS 17_1_2; pt_BR; pt; scale=3.00; 1290x2796; 541635890)",
  },
  {
    label: "Instagram 250 on iOS 15",
    name: "Instagram",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 15_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 250.0.0.21.109 (iPhone12,1; iOS 15_6_1; pt_BR; pt-BR; scale=2.00; 828x1792; 394071253)",
  },
  {
    label: "Instagram 309 on Android 13 (Samsung)",
    name: "Instagram",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.0.0.40.113 Android (33/13; 450dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; pt_BR; 541635863)",
  },
  {
    label: "Instagram 264 on Android 11 (Motorola)",
    name: "Instagram",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; moto g(30) Build/RRMS31.Q1-64-62-4; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.128 Mobile Safari/537.36 Instagram 264.0.0.22.106 Android (30/11; 280dpi; 720x1468; motorola; moto g(30); cypfr; qcom; pt_BR; 430370697)",
  },
  {
    label: "Instagram on a CUBOT phone (device name is not a bot)",
    name: "Instagram",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; CUBOT X50 Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Instagram 305.0.0.34.110 Android (30/11; 480dpi; 1080x2200; CUBOT; X50; X50; mt6765; pt_BR; 533873371)",
  },
  // Facebook
  {
    label: "Facebook 442 on iOS 17",
    name: "Facebook",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.35.111;FBBV/541361693;FBDV/iPhone14,7;FBMD/iPhone;FBSN/iOS;FBSV/17.1.1;FBSS/3;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/543041542]",
  },
  {
    label: "Facebook on iOS 16 (no FBAV)",
    name: "Facebook",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/0]",
  },
  {
    label: "Facebook on iPad",
    name: "Facebook",
    os: "ios",
    ua: "Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/436.0.0.30.110;FBBV/530093384;FBDV/iPad7,5;FBMD/iPad;FBSN/iPadOS;FBSV/16.7;FBSS/2;FBID/tablet;FBLC/pt_BR;FBOP/5;FBRV/532233123]",
  },
  {
    label: "Facebook 442 on Android 13",
    name: "Facebook",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.35.118;]",
  },
  {
    label: "Facebook 347 on Android 10 (Xiaomi)",
    name: "Facebook",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 10; M2006C3LG Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/96.0.4664.104 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/347.0.0.34.117;]",
  },
  {
    label: "Facebook Lite on Android 12",
    name: "Facebook",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; SM-A125M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.5938.153 Mobile Safari/537.36 [FBAN/EMA;FBLC/pt_BR;FBAV/380.0.0.13.112;]",
  },
  // Messenger
  {
    label: "Messenger 426 on iOS 16",
    name: "Messenger",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/426.0.0.36.109;FBBV/512512788;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBCR/;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/0]",
  },
  {
    label: "Messenger 440 on iOS 17",
    name: "Messenger",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/440.0.0.36.113;FBBV/538940611;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBCR/;FBID/phone;FBLC/pt_BR;FBOP/5;FBRV/0]",
  },
  {
    label: "Messenger 433 on Android 12",
    name: "Messenger",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; SM-A125M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/433.0.0.26.108;]",
  },
  {
    label: "Messenger 392 on Android 11",
    name: "Messenger",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; moto e(7) Build/RPGS31.Q4U-39-26-3; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.105 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/392.0.0.12.106;]",
  },
  {
    label: "Messenger Lite on iOS",
    name: "Messenger",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerLiteForiOS;FBAV/330.0.0.18.103;FBBV/361577493;FBDV/iPhone10,4;FBMD/iPhone;FBSN/iOS;FBSV/14.8;FBSS/2;FBCR/;FBID/phone;FBLC/pt_BR;FBOP/0]",
  },
  // TikTok
  {
    label: "TikTok musical_ly 30.8 on iOS 16",
    name: "TikTok",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_30.8.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/pt Region/BR isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok trill 32.4 on iOS 17",
    name: "TikTok",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 trill_32.4.0 JsSdk/2.0 NetType/4G Channel/App Store ByteLocale/ja Region/JP ByteFullLocale/ja isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok musical_ly 31.5 on Android 13",
    name: "TikTok",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A145M Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 musical_ly_2023105030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/31.5.3 ByteLocale/pt-BR ByteFullLocale/pt-BR Region/BR AppId/1233 Spark/1.3.9.2-alpha.7 AppVersion/31.5.3 BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok trill 32.4 on Android 13",
    name: "TikTok",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 trill_320404 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.4.4 ByteLocale/ko-KR ByteFullLocale/ko-KR Region/KR AppId/1180 Spark/1.4.6.3-bugfix AppVersion/32.4.4 BytedanceWebview/d8a21c6",
  },
  {
    label: "TikTok BytedanceWebview only on Android 12",
    name: "TikTok",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; moto g22 Build/STAS32.79-77-28-50; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 BytedanceWebview/d8a21c6",
  },
  // Threads
  {
    label: "Threads 309 on iOS 17",
    name: "Threads",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Barcelona 309.0.0.12.110 (iPhone15,2; iOS 17_1_2; pt_BR; pt; scale=3.00; 1179x2556; 541520385)",
  },
  {
    label: "Threads 289 on iOS 16 (with Instagram token)",
    name: "Threads",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 289.0.0.14.109 (iPhone14,5; iOS 16_6; pt_BR; pt; scale=3.00; 1170x2532; 478046588) Barcelona 289.0.0.14.109",
  },
  {
    label: "Threads 291 on Android 13",
    name: "Threads",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/115.0.5790.166 Mobile Safari/537.36 Barcelona 291.0.0.31.111 Android (33/13; 450dpi; 1080x2340; samsung; SM-S911B; dm1q; qcom; pt_BR; 495896587)",
  },
  {
    label: "Threads 305 on Android 14 (with Instagram token)",
    name: "Threads",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.231205.015; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 305.0.0.34.110 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; pt_BR; 533873371) Barcelona 305.0.0.34.110",
  },
  // LinkedIn
  {
    label: "LinkedIn 9.28 on iOS 17",
    name: "LinkedIn",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.28.6371",
  },
  {
    label: "LinkedIn 9.27 on iOS 16",
    name: "LinkedIn",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.27.4614",
  },
  {
    label: "LinkedIn 4.1 on Android 13",
    name: "LinkedIn",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [LinkedInApp]/4.1.881",
  },
  {
    label: "LinkedIn 4.1 on Android 11",
    name: "LinkedIn",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; SM-A315G Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 [LinkedInApp]/4.1.790",
  },
  // X (Twitter)
  {
    label: "X (Twitter for iPhone) 10.5 on iOS 17",
    name: "X",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.5",
  },
  {
    label: "X (Twitter for iPad) 9.60 on iPadOS 16",
    name: "X",
    os: "ios",
    ua: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPad/9.60",
  },
  {
    label: "X (TwitterAndroid) on Android 13",
    name: "X",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 TwitterAndroid",
  },
  {
    label: "X (TwitterAndroid) on Android 11",
    name: "X",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; SM-A207M Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.117 Mobile Safari/537.36 TwitterAndroid",
  },
  // Snapchat
  {
    label: "Snapchat 12.62 on iOS 17",
    name: "Snapchat",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.62.0.37 (like Safari/8617.1.17.10.9, panda)",
  },
  {
    label: "Snapchat 12.50 on iOS 16",
    name: "Snapchat",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.50.0.31 (like Safari/8615.3.12.10.4, panda)",
  },
  {
    label: "Snapchat 12.61 on Android 13",
    name: "Snapchat",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-A546E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36Snapchat/12.61.0.53 (SM-A546E; Android 13#A546EXXU4AWJ4#33; gzip; )",
  },
  {
    label: "Snapchat 12.40 on Android 12",
    name: "Snapchat",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; M2101K6G Build/SKQ1.210908.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36Snapchat/12.40.0.49 (M2101K6G; Android 12#V13.0.7.0.SKFMIXM#31; gzip; )",
  },
  // Pinterest
  {
    label: "Pinterest on iOS 17",
    name: "Pinterest",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
  },
  {
    label: "Pinterest on iOS 15",
    name: "Pinterest",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
  },
  {
    label: "Pinterest on Android 13",
    name: "Pinterest",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [Pinterest/Android]",
  },
  {
    label: "Pinterest on Android 11",
    name: "Pinterest",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 11; moto g(9) play Build/RPXS31.Q2-58-17-4-7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 [Pinterest/Android]",
  },
  // Kwai
  {
    label: "Kwai 11.9 on Android 12",
    name: "Kwai",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; SM-A325M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Kwai/11.9.30.531455 ISLP/0 StatusHT/32 KDT/PHONE ISDM/0 TitleHT/56 NetType/WIFI ICFO/0 locale/pt-br CT/0 Yoda/3.1.2 ISLB/0 CoIS/2 ISLM/0 AZPREFIX/yz",
  },
  {
    label: "Kwai 10.3 on Android 10 (KsWebView)",
    name: "Kwai",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 10; VCE-AL00 Build/HUAWEIVCE-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/90.0.4430.226 KsWebView/1.8.90.469 (rel;r) Mobile Safari/537.36 Yoda/2.8.1-rc3 Kwai/10.3.20.24977",
  },
  {
    label: "Kwai 11.8 on iOS 16",
    name: "Kwai",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/11.8.20.2103 ISLP/0 StatusHT/47 KDT/PHONE iosSCH/0 TitleHT/44 NetType/WIFI ISDM/0 ICFO/0 locale/pt-BR CT/0 Yoda/3.0.7 ISLB/0 CoIS/2 ISLM/0 WebViewType/WK BHT/102 AZPREFIX/yz",
  },
  {
    label: "Kwai 13.0 on iOS 17",
    name: "Kwai",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/13.0.10.9095 ISLP/0 StatusHT/47 KDT/PHONE iosSCH/1 TitleHT/44 NetType/WIFI ISDM/0 ICFO/0 locale/pt-BR CT/0 Yoda/3.0.7 ISLB/0 CoIS/2 ISLM/0 WebViewType/WK BHT/102 AZPREFIX/az1",
  },
  // LINE
  {
    label: "LINE 13.20 on iOS 17",
    name: "LINE",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0",
  },
  {
    label: "LINE 12.10 on iOS 16",
    name: "LINE",
    os: "ios",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/12.10.0",
  },
  {
    label: "LINE 13.19 on Android 13",
    name: "LINE",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Line/13.19.1/IAB",
  },
  {
    label: "LINE 13.1 on Android 12",
    name: "LINE",
    os: "android",
    ua: "Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 Line/13.1.0/IAB",
  },
];

type NullCase = { label: string; ua: string };

const PLAIN_BROWSERS: NullCase[] = [
  {
    label: "Safari on iPhone",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1",
  },
  {
    label: "Safari on iPad",
    ua: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  },
  {
    label: "Chrome on Android",
    ua: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  },
  {
    label: "Chrome on iOS (CriOS)",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1",
  },
  {
    label: "Samsung Internet on Android",
    ua: "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  },
  {
    label: "Firefox on Android",
    ua: "Mozilla/5.0 (Android 14; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0",
  },
  {
    label: "Firefox on iOS (FxiOS)",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/120.0 Mobile/15E148 Safari/605.1.15",
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
    label: "Chrome on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  },
  {
    label: "Chrome on Linux",
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  },
  {
    label: "Firefox on Windows",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
  },
  {
    label: "Firefox on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.2; rv:121.0) Gecko/20100101 Firefox/121.0",
  },
  {
    label: "Firefox on Linux (Ubuntu)",
    ua: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
  },
  {
    label: "Safari on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  },
  {
    label: "Edge on Windows",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
  },
  {
    label: "Edge on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
  },
  {
    label: "Edge on Linux",
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
  },
  {
    label: "the Outline desktop app (not LINE)",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Outline/1.4.0 Chrome/120.0.6099.56 Electron/28.0.0 Safari/537.36",
  },
];

const BOTS: NullCase[] = [
  { label: "Googlebot", ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  {
    label: "Googlebot smartphone",
    ua: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.199 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  },
  {
    label: "facebookexternalhit",
    ua: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  },
  { label: "facebookcatalog", ua: "facebookcatalog/1.0" },
  { label: "Twitterbot", ua: "Twitterbot/1.0" },
  {
    label: "LinkedInBot",
    ua: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  },
  {
    label: "Pinterestbot",
    ua: "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
  },
  { label: "Pinterest legacy crawler", ua: "Pinterest/0.2 (+http://www.pinterest.com/bot.html)" },
  {
    label: "TikTokSpider",
    ua: "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; TikTokSpider; ttspider-feedback@tiktok.com)",
  },
  { label: "WhatsApp preview (Android)", ua: "WhatsApp/2.23.20.0 A" },
  { label: "WhatsApp preview (iOS)", ua: "WhatsApp/2.23.24.76 i" },
  { label: "TelegramBot", ua: "TelegramBot (like TwitterBot)" },
  { label: "Slackbot", ua: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
  {
    label: "iMessage link preview",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
  },
  { label: "Discordbot", ua: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)" },
];

describe("inAppBrowserOf", () => {
  it.each(IN_APP)("$label → $name ($os)", ({ ua, name, os }) => {
    expect(inAppBrowserOf(ua)).toEqual({ name, os });
  });

  it.each(PLAIN_BROWSERS)("$label → null", ({ ua }) => {
    expect(inAppBrowserOf(ua)).toBeNull();
  });

  it.each(BOTS)("bot: $label → null", ({ ua }) => {
    expect(inAppBrowserOf(ua)).toBeNull();
  });

  it("empty string → null", () => {
    expect(inAppBrowserOf("")).toBeNull();
  });

  it("the matrix covers every in-app browser at least twice", () => {
    for (const name of IN_APP_BROWSERS) {
      expect(IN_APP.filter((c) => c.name === name).length, name).toBeGreaterThanOrEqual(2);
    }
  });
});
