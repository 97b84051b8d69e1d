/**
 * The FROZEN evaluation split (tests/fixtures/safety/frozen.json): written apart from the training templates, with other
 * sentences, other phrasings and other names, numbers, IDs and links. Training never reads it, and nothing is tuned
 * on it: `npm run bench:safety` reports it on its own. Change it only to add examples, never to move a figure.
 */
import type { Lang, Slots } from './templating.ts';
import type { ScamPattern } from './train-templates.ts';

export const frozenSlots: Slots = {
  amount: ['₹4,200', 'Rs 6,750', '₹15,000', 'Rs. 8,999', '₹2,100', '3500 rupees'],
  small: ['₹349', 'Rs 149', '₹650', 'Rs 1,200'],
  big: ['₹15 lakh', 'Rs 7,50,000', '₹1 crore', '₹80,000'],
  phone: ['9012345678', '+91 90876 54321', '7788990011', '8899001122', '+91-6300112233'],
  upi: ['cashdesk.help@okicici', 'winner.claim@ybl', 'verify.kyc99@paytm', 'seller.army@oksbi', 'taskpay@ibl'],
  bank: ['Union Bank', 'IDFC First', 'Yes Bank', 'Indian Bank', 'Federal Bank', 'SBI'],
  app: ['PhonePe', 'Paytm', 'Google Pay'],
  fakelink: [
    'https://unionbank-kyc.site/verify',
    'http://reward-claim-india.top/login',
    'https://is.gd/kycnow',
    'http://pm-yojana-apply.online',
    'https://refund-incometax.live/claim',
  ],
  lookalike: [
    'idfcfirstbnak.com',
    'yesbank-netbanking.in',
    'phonepe-support.co',
    'sbionline-verify.com',
    'incometaxindia-refund.in',
    'paytm.kyc-update.site',
  ],
  apklink: ['https://cashloan-fast.in/files/cashloan.apk', 'rupeemitra.apk', 'http://instant-rupee.site/get.apk'],
  tg: ['t.me/daily_earning_hub', '@RichTraderClub', 'https://t.me/forex_signals_in'],
  wa: ['wa.me/919012345678', 'WhatsApp 7788990011'],
  hours: ['6 hours', '1 hour', '45 minutes'],
  name: ['Karan', 'Meena', 'Sanjay', 'Divya'],
  city: ['Chennai', 'Indore', 'Surat', 'Bhopal'],
  agency: ['NCB', 'Delhi Police', 'Customs department', 'Income Tax department'],
  courier: ['Aramex', 'Delhivery', 'Ekart'],
  scheme: ['PM Vishwakarma', 'Kisan Credit Card', 'Sukanya Samriddhi', 'free gas cylinder yojana'],
  coin: ['Ethereum', 'binary options', 'USDT arbitrage'],
  stock: ['a railway PSU', 'this multibagger', 'an upcoming IPO'],
  item: ['dining table', 'cooler', 'laptop', 'cycle'],
  brand: ['Myntra', 'Vodafone Idea', 'Meesho', 'Big Bazaar'],
};

export const frozenScamTemplates: Record<ScamPattern, Partial<Record<Lang, string[]>>> = {
  'upi-collect': {
    en: [
      'Sir, the {amount} for your {item} is ready from my side. {app} will show a request, tap Pay and type your PIN, the money will come to you.',
      'Cashback alert: {amount} waiting for you. Open the QR I shared, scan with {app}, put the PIN and it gets deposited.',
    ],
    hinglish: [
      'Maine {amount} bhej diye, aapke {app} pe request dikhegi, usko approve karke pin lagao to amount aapke account mein aa jayega.',
    ],
    hi: ['आपके खाते में {amount} डालने के लिए {app} पर आई रिक्वेस्ट पर पिन लगाएं, पैसा आपके पास आ जाएगा।'],
  },
  'sim-swap': {
    en: [
      '{brand}: eSIM migration pending for your number. Forward the 6 digit code you just got to {phone} or your service stops in {hours}.',
    ],
    hinglish: ['{brand} office se bol rahe hain, aapka sim purana ho gaya hai, naya sim chalu karne ke liye jo OTP aaya wo bata dijiye.'],
    hi: ['{brand} दफ्तर से बोल रहे हैं, आपका सिम पुराना हो गया है। नया सिम चालू करने के लिए आया हुआ ओटीपी बता दीजिए।'],
  },
  'loan-app': {
    en: ['Low CIBIL? No problem. Get {amount} credited tonight, just install {apklink} and give permissions. One time charge {small}.'],
    hinglish: ['Sirf Aadhaar se {amount} loan, {apklink} download karke sab permission allow karo, paisa 10 min mein.'],
    hi: ['सिर्फ आधार से {amount} लोन पाएं, ऐप {apklink} इंस्टॉल करें और फाइल चार्ज {small} भरें।'],
  },
  'task-job': {
    en: [
      'Online job for housewives and students: follow Instagram pages and get paid per task. Message {wa} to get your first task. Commission up to {amount} a day.',
    ],
    hinglish: ['Mobile se kaam karke {amount} daily kamaiye, sirf reviews dene hain. Shuru karne ke liye Telegram pe message karo {tg}.'],
    hi: ['मोबाइल से काम करके रोज़ {amount} कमाइए, बस रिव्यू देने हैं। काम शुरू करने के लिए संपर्क करें {wa}'],
  },
  lottery: {
    en: [
      'Lucky customer! {brand} mega draw result: your mobile number won {big}. Release charges {small} to {upi}, then the money is transferred.',
    ],
    hinglish: ['Aapka mobile number {brand} mega draw mein select hua hai, {big} ka inaam. Charges {small} {upi} pe bhejiye.'],
    hi: ['आपका मोबाइल नंबर {brand} ड्रॉ में चुना गया है, {big} का इनाम। शुल्क {small} {upi} पर भेजिए।'],
  },
  'crypto-forex': {
    en: ['Our {coin} desk pays 4% every day, no loss possible. Start with {amount} and withdraw {big} in 60 days. DM {tg}.'],
    hinglish: ['{coin} se har din 4% kamai, loss ka sawal hi nahi. {amount} se shuru karo, {tg} pe DM karo.'],
    hi: ['{coin} से हर दिन 4% कमाई, नुकसान का सवाल ही नहीं। {amount} से शुरू करें, संपर्क {tg}'],
  },
  sextortion: {
    en: ["Your nude clip from last night's call is saved. Send {amount} to {upi} before {hours} end, or your wife and office get it."],
    hinglish: ['Kal raat wali video call ki clip mere paas hai, {amount} bhejo {upi} pe nahi to sab relatives ko bhejunga.'],
    hi: ['कल रात की वीडियो कॉल की क्लिप मेरे पास है, {amount} भेजो नहीं तो सब रिश्तेदारों को भेज दूंगा।'],
  },
  'govt-scheme-fee': {
    en: ['Government of India: {scheme} benefit of {amount} sanctioned in your name. Pay {small} stamp duty at {fakelink} to receive it.'],
    hinglish: ['{scheme} ka paisa aapke naam se sanction hua hai, {small} stamp duty {fakelink} pe jama karo.'],
    hi: ['भारत सरकार: {scheme} के तहत {amount} आपके नाम स्वीकृत। राशि पाने के लिए {small} स्टांप शुल्क {fakelink} पर जमा करें।'],
  },
  'digital-arrest': {
    en: [
      '{agency} notice: a case is booked against your Aadhaar in {city}. Join the video call now and keep it secret; transfer {big} for verification or be arrested today.',
    ],
    hinglish: ['{agency} se notice hai, aapke Aadhaar pe {city} mein case darj hai, video call pe judiye aur ghar walon ko mat batana.'],
    hi: ['{agency} की सूचना: आपके आधार पर {city} में केस दर्ज है। वीडियो कॉल पर जुड़ें और घर वालों को न बताएं।'],
  },
  'fake-kyc': {
    en: ['{bank}: your account is frozen as KYC is not updated. Restore access now: {fakelink}'],
    hinglish: ['{bank} ka khata freeze ho gaya hai kyunki KYC update nahi hai, abhi yahan update karo {fakelink}'],
    hi: ['{bank}: केवाईसी अपडेट न होने से आपका खाता रोक दिया गया है। अभी अपडेट करें {fakelink}'],
  },
  'olx-army': {
    en: [
      'I will buy your {item} for full price. I am an Army jawan at {city} cantonment; our payment system first needs you to send {small}, I return it with the price.',
    ],
    hinglish: ['Aapka {item} main le lunga, army cantt {city} mein hoon, pehle aap {small} bhejo system check ke liye, phir pura paisa.'],
    hi: ['आपका {item} मैं ले लूंगा, मैं {city} छावनी में फौजी हूं। पहले आप {small} भेजें, फिर पूरा पैसा।'],
  },
  'refund-reward': {
    en: ['{brand} owes you a refund of {amount}. Tap {fakelink}, fill debit card number and CVV to get it back in 5 minutes.'],
    hinglish: ['{brand} ka refund {amount} pending hai, {fakelink} kholo aur card number daalo.'],
    hi: ['{brand} का रिफंड {amount} बाकी है, {fakelink} खोलें और कार्ड नंबर डालें।'],
  },
  'stock-tips': {
    en: ['Jackpot call: {stock} will give 5x before results. Join our VIP advisory {tg}, fee {small} only, profits assured.'],
    hinglish: ['{stock} 5 guna jayega results se pehle, VIP advisory {tg} join karo, sirf {small}.'],
    hi: ['{stock} नतीजों से पहले 5 गुना होगा, वीआईपी सलाह समूह {tg} से जुड़ें, शुल्क सिर्फ {small}।'],
  },
  'lookalike-domain': {
    en: ['Security check required for your {bank} login. Continue at {lookalike} within {hours}.'],
    hinglish: ['{bank} login ke liye security check zaroori hai, {lookalike} pe jaake details bharo.'],
    hi: ['{bank} लॉगिन के लिए सुरक्षा जांच ज़रूरी है, {lookalike} पर जाकर विवरण भरें।'],
  },
};

export const frozenLegitTemplates: Record<string, Partial<Record<Lang, string[]>>> = {
  warning: {
    en: [
      'Heads up: a message going round says "your {bank} account is frozen, update KYC at {fakelink}". It is fake. Use only the bank\'s own app.',
      'My aunt received a video call from people in police uniform saying she was under investigation. We told her to hang up and called 1930. Nobody arrests you on WhatsApp.',
      'Someone on OLX offered to buy my {item} and sent a QR "to receive payment". I knew scanning only sends money, so I reported the account.',
      'Reminder for seniors: never tell anyone the OTP, even if they say they are from {brand} or the bank. Report at 1930.',
      'Newspaper today: a {city} gang ran fake task jobs on Telegram and took {big} from students. Police advise never paying to get a job.',
      'If a stranger says you won a {brand} draw and must pay {small} first, it is a scam. Block and report.',
      'A caller claiming to be from {agency} told my cousin to move {big} into a "safe account". It was fraud. Real officers never ask for money.',
      'Community note: fake {scheme} forms asking for a {small} fee are circulating on WhatsApp. The real scheme is free; apply only at the government office.',
      'Students, be careful: "earn {amount} daily by rating products" ads on Instagram are scams. They take a deposit and vanish.',
      'A reader asked whether "{courier} parcel held, press 1" calls are real. They are not. Hang up and report the number on sancharsaathi.gov.in.',
    ],
    hinglish: [
      'Dosto dhyan do, "{bank} KYC update karo warna account band" wala message fake hai, link pe click mat karna.',
      'Meri mummy ko kisi ne bola aap digital arrest mein ho, humne turant 1930 pe call kiya. Aisa kuch nahi hota.',
      'Loan app walon se bacho, contacts le lete hain aur dhamkate hain. Sirf RBI registered bank se loan lo.',
    ],
    hi: [
      'सावधान रहें, "{bank} केवाईसी अपडेट करें वरना खाता बंद" वाला संदेश फर्जी है। लिंक पर क्लिक न करें।',
      'मेरी माँ से किसी ने कहा कि आप डिजिटल अरेस्ट में हैं, हमने तुरंत 1930 पर शिकायत की। ऐसा कुछ नहीं होता।',
    ],
  },
  honest: {
    en: [
      'Paid my {city} property tax online through UPI, receipt came by SMS. Smooth.',
      'Which {bank} credit card has no annual fee? Looking for something simple.',
      'Got my income tax refund of {amount} this morning. Filed in July.',
      'Our {scheme} application was approved after the panchayat verified the documents. No money asked.',
      'Anyone preparing for bank PO exams in {city}? Let us make a study group.',
      'Took a gold loan from {bank}, interest 9%, the branch explained every charge.',
      'My Telegram is full of spam groups lately. How do I stop being added?',
      "Started investing in index funds through the AMC's website, SIP of ₹3,000.",
      'Selling my {item} in {city}, pay on pickup in cash or UPI, no advance needed.',
      'Check your refund status on https://www.incometax.gov.in, it shows each step.',
      'Which is safer for a beginner, a {bank} FD or a debt mutual fund? Planning for two years.',
      'Our study group for {scheme} applicants meets at the panchayat office on Saturdays to help fill forms, free of cost.',
      'My {app} shows a collect request from my flatmate for the electricity share. Paid it, all good.',
      'Finally got the home loan sanction letter from {bank}; processing fee was mentioned upfront and deducted from the loan.',
      'Any recommendations for a reliable courier from {city} to Guwahati? {courier} quoted a lot.',
      'I use two-factor login on every banking app now. Took five minutes to set up.',
    ],
    hinglish: [
      'Property tax UPI se bhar diya, receipt SMS pe aa gayi.',
      '{bank} ka kaunsa credit card bina annual fee ke hai?',
      'Bank PO ki taiyari kar raha hoon, {city} mein koi study group hai?',
      'Gold loan liya {bank} se, branch ne saare charges samjhaye.',
      'Mere bhai ki naukri lagi {city} mein, koi fees nahi li company ne, seedha interview hua.',
      '{app} pe bijli ka bill bhar diya, receipt turant aa gayi.',
    ],
    hi: [
      'संपत्ति कर यूपीआई से भर दिया, रसीद एसएमएस पर आ गई।',
      'बैंक पीओ परीक्षा की तैयारी कर रहा हूं, {city} में कोई अध्ययन समूह है?',
      'मेरा आयकर रिफंड {amount} आज आ गया।',
    ],
  },
};

export const frozenOtherLanguages: { lang: Lang; label: 'scam' | 'legit'; pattern: string; text: string }[] = [
  { lang: 'kn', label: 'scam', pattern: 'lottery', text: 'ಅಭಿನಂದನೆಗಳು! ನೀವು ₹15 ಲಕ್ಷ ಗೆದ್ದಿದ್ದೀರಿ, ಶುಲ್ಕ ₹349 winner.claim@ybl ಗೆ ಕಳುಹಿಸಿ.' },
  { lang: 'ta', label: 'scam', pattern: 'fake-kyc', text: 'உங்கள் வங்கி கணக்கு முடக்கப்பட்டது, KYC புதுப்பிக்க https://unionbank-kyc.site/verify' },
  { lang: 'bn', label: 'legit', pattern: 'warning', text: 'সাবধান, ডিজিটাল অ্যারেস্ট বলে কিছু নেই। এমন কল এলে 1930 নম্বরে জানান।' },
  { lang: 'mr', label: 'legit', pattern: 'honest', text: 'माझा आयकर परतावा आज खात्यात जमा झाला.' },
  { lang: 'te', label: 'scam', pattern: 'task-job', text: 'ఇంటి నుండే రోజుకు ₹4,200 సంపాదించండి, టెలిగ్రామ్ t.me/daily_earning_hub లో చేరండి.' },
];
