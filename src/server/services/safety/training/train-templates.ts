/**
 * The templates of the TRAINING corpus (tests/fixtures/safety/train.json). The frozen evaluation split is written from other
 * templates, other phrasings and other slot values in frozen-templates.ts, which training never reads.
 */
import type { Lang, Slots } from './templating.ts';

export const SCAM_PATTERNS = [
  'upi-collect',
  'sim-swap',
  'loan-app',
  'task-job',
  'lottery',
  'crypto-forex',
  'sextortion',
  'govt-scheme-fee',
  'digital-arrest',
  'fake-kyc',
  'olx-army',
  'refund-reward',
  'stock-tips',
  'lookalike-domain',
] as const;
export type ScamPattern = (typeof SCAM_PATTERNS)[number];

export const trainSlots: Slots = {
  amount: ['₹5,000', 'Rs 2499', '₹1,850', 'Rs. 12,000', '₹999', '5000 rupees', 'Rs 7,500', '₹25,000', '₹49,999', 'Rs 3,200'],
  small: ['₹99', 'Rs 199', '₹499', 'Rs 299', '₹750', '₹1,499'],
  big: ['₹25 lakh', 'Rs 10,00,000', '₹5 lakh', '₹50,000', 'Rs 2.5 lakh'],
  phone: ['9876543210', '+91 98765 43210', '8123456789', '7012345678', '+91-9988776655', '6398123456', '9123 456 789'],
  upi: ['refund.help@ybl', 'sbi.care@okaxis', 'prize2024@paytm', 'rahul.k@oksbi', 'helpdesk77@ibl', 'kycupdate@axl', 'claimdesk@upi'],
  bank: ['SBI', 'HDFC', 'ICICI', 'Axis Bank', 'PNB', 'Kotak', 'Bank of Baroda', 'Canara Bank'],
  app: ['PhonePe', 'GPay', 'Paytm', 'BHIM', 'Google Pay'],
  fakelink: [
    'http://sbi-kyc-update.in/login',
    'https://hdfc-netbanking-verify.com',
    'http://bit.ly/kyc-upd8',
    'https://paytm-reward.xyz/claim',
    'http://icici-rewards.online',
    'https://pmkisan-gov.in/apply',
    'http://axisbank-secure.top',
    'https://tinyurl.com/refund-now',
  ],
  lookalike: [
    'onlinesbi-kyc.com',
    'hdfcbnak.com',
    'icicibank.co',
    'paytrn.com',
    'axlsbank.com',
    'uidai-gov.in',
    'incometax-refund.online',
    'sbi.kyc-verify.xyz',
    'yonosbi-app.in',
    'npci-upi.site',
  ],
  apklink: [
    'http://quickloan-app.in/download/quickloan.apk',
    'https://bit.ly/instantcash-apk',
    'cashnow.apk',
    'https://rupee-fast.xyz/app.apk',
  ],
  tg: ['t.me/profit_king_vip', '@TaskMasterIndia', 't.me/earn_daily_official', 'https://t.me/cryptogains99', '@stockguru_official'],
  wa: ['wa.me/919876543210', 'https://wa.me/918123456789', 'WhatsApp 7012345678', 'WhatsApp +91 98765 43210'],
  hours: ['24 hours', '2 hours', '30 minutes', '12 hours', '48 hours'],
  name: ['Rahul', 'Priya', 'Amit', 'Sunita', 'Vikram', 'Neha', 'Arjun', 'Pooja'],
  city: ['Mumbai', 'Delhi', 'Bengaluru', 'Pune', 'Hyderabad', 'Lucknow', 'Jaipur', 'Kolkata'],
  agency: ['CBI', 'Mumbai Police', 'Crime Branch', 'Narcotics Bureau', 'ED', 'Cyber Cell', 'TRAI'],
  courier: ['FedEx', 'DHL', 'Blue Dart', 'India Post', 'DTDC'],
  scheme: ['PM Kisan', 'PM Awas Yojana', 'Ladli Behna Yojana', 'Ayushman Card', 'free laptop yojana', 'PM Mudra loan', 'solar subsidy'],
  coin: ['USDT', 'Bitcoin', 'crypto', 'forex', 'gold trading'],
  stock: ['Adani Power', 'a penny stock', 'SME IPO', 'Suzlon', 'this small cap', 'a pre-IPO share'],
  item: ['sofa', 'scooty', 'fridge', 'iPhone 13', 'study table', 'washing machine', 'bike'],
  brand: ['Flipkart', 'Amazon', 'Jio', 'Airtel', 'Swiggy', 'KBC', 'Tata', 'Reliance'],
};

type Templates = Partial<Record<Lang, string[]>>;

export const scamTemplates: Record<ScamPattern, Templates> = {
  'upi-collect': {
    en: [
      '[Hi sir|Hello|Dear], I am sending you {amount} for the {item} as advance. [Just|Please] approve the collect request on {app} and enter UPI PIN to receive the money.',
      '[Congrats|Congratulations]! Your cashback of {amount} is ready. Scan this QR code with {app} and enter your PIN to get the amount credited [instantly|now].',
      'I sent {amount} to your number by mistake. Please accept the payment request from {upi} and [put|enter] your UPI PIN to [return|send back] it, [urgent|please help].',
      'Refund of {amount} is pending. You will get a request from {upi}, [approve it|accept it] and enter PIN to receive the refund [today|now].',
      'To receive {amount} in your account, scan the QR I am sending on WhatsApp and enter your UPI PIN. [It is safe|No charges].',
    ],
    hinglish: [
      '[Bhai|Sir|Bhaiya] {amount} galti se aapke number pe chala gaya, {app} pe request bheji hai, accept karke PIN daal do [please|jaldi].',
      'Aapka cashback {amount} aa gaya hai, QR scan karo aur UPI PIN daalo paise receive karne ke liye.',
      'Advance {amount} bhej raha hoon {item} ke liye, bas collect request accept karke pin dalo, paise aa jayenge.',
      'Refund ke liye {upi} se request aayegi, usme PIN daalna hai tabhi {amount} milenge.',
    ],
    hi: [
      'आपको {amount} प्राप्त करने के लिए यह QR कोड स्कैन करें और अपना UPI पिन डालें।',
      'गलती से {amount} आपके नंबर पर भेज दिए, {app} पर रिक्वेस्ट स्वीकार करके पिन डालें, पैसे वापस आ जाएंगे।',
      'आपका कैशबैक {amount} तैयार है, पैसे पाने के लिए {upi} की रिक्वेस्ट accept करें और पिन डालें।',
    ],
  },
  'sim-swap': {
    en: [
      '[Dear customer|Dear subscriber], your {brand} SIM will be [deactivated|blocked] in {hours}. To upgrade to 5G eSIM, reply with the [8-digit|6 digit] code you received by SMS.',
      'This is {brand} customer care. Your SIM card needs re-verification. Send SIM 20-digit number and the OTP sent to your phone [to avoid disconnection|or service stops today].',
      'Your mobile number will be blocked today due to incomplete KYC. Call {phone} and share the code received to [continue service|activate new SIM].',
      'Free 4G to 5G SIM upgrade! Send "SIM" followed by the number on the back of your SIM to {phone} and tell us the OTP.',
    ],
    hinglish: [
      'Aapka {brand} SIM {hours} mein band ho jayega, eSIM activate karne ke liye jo code aaya hai woh batao.',
      'Sir aapka SIM upgrade hona hai 5G ke liye, SIM ke peeche ka number aur OTP bhejo {phone} pe warna number band.',
      'Number verification pending hai, {phone} pe call karo aur SMS wala code batao tabhi service chalu rahegi.',
    ],
    hi: [
      'आपका {brand} सिम {hours} में बंद हो जाएगा। ई-सिम के लिए आए हुए कोड को बताएं।',
      'सिम अपग्रेड के लिए {phone} पर कॉल करें और ओटीपी बताएं, वरना नंबर बंद कर दिया जाएगा।',
    ],
  },
  'loan-app': {
    en: [
      'Instant loan of {amount} in 5 minutes, no CIBIL check! Download our app {apklink} and [get money today|apply now].',
      'Pre-approved personal loan {big} at 0% interest. Install the app from {apklink}, allow contacts and gallery, [pay|deposit] {small} processing fee.',
      'Need urgent money? Loan approved without documents. [Pay|Send] {small} file charge to {upi} and loan credited in 10 minutes. WhatsApp {phone}.',
      'Your loan of {amount} is sanctioned. Download {apklink} and complete verification, pay {small} insurance fee to release the amount.',
    ],
    hinglish: [
      'Bina CIBIL ke {amount} ka loan 5 minute mein, app download karo {apklink}, bas {small} processing fee lagegi.',
      'Loan approve ho gaya hai sir, {small} file charge {upi} pe bhejo tabhi amount release hoga.',
      'Turant loan chahiye? Ye app install karo {apklink}, contacts allow karo aur {amount} pao.',
    ],
    hi: [
      'बिना कागज के {amount} का लोन 5 मिनट में! ऐप डाउनलोड करें {apklink} और {small} प्रोसेसिंग फीस भेजें।',
      'आपका लोन मंजूर हो गया है, राशि पाने के लिए {small} शुल्क {upi} पर जमा करें।',
    ],
  },
  'task-job': {
    en: [
      'Part time job: like YouTube videos and earn {amount} daily. Join our Telegram {tg} [to start|for tasks]. Prepaid tasks give 30% more.',
      '[Hello|Hi], I am {name} from the HR team. Work from home, rate hotels on Google and earn Rs 300 per task. Contact on {wa}.',
      'Earn ₹3000 daily from home! Simple like and subscribe work. Deposit {small} to unlock VIP tasks with [double|higher] commission. Join on Telegram {tg}',
      'We are hiring for online review tasks, daily payment guaranteed. To withdraw your {amount} commission, first complete a merchant task of {small}.',
    ],
    hinglish: [
      'Ghar baithe {amount} roz kamao, bas YouTube videos like karne hai. Telegram join karo {tg}.',
      'Part time kaam hai sir, har task ka ₹150 milega, pehle {small} jama karo VIP task ke liye. {wa}',
      'Google review task se daily income, WhatsApp karo {phone}, registration free hai bas pehla task prepaid hai.',
    ],
    hi: [
      'घर बैठे रोज़ {amount} कमाएं, बस वीडियो लाइक करने हैं। टेलीग्राम पर जुड़ें {tg}',
      'पार्ट टाइम नौकरी: हर टास्क पर ₹200, पहले {small} जमा करें और कमीशन पाएं। व्हाट्सएप {phone}',
    ],
  },
  lottery: {
    en: [
      '[Congratulations|Congrats]! Your number has won {big} in the {brand} lucky draw. To claim, pay {small} GST and processing charge to {upi}.',
      'You are the winner of {brand} anniversary lottery, prize {big}. Call {phone} [within {hours}|today] to claim your prize.',
      'Dear winner, {brand} has selected you for a free iPhone 15. Just pay {small} delivery charge at {fakelink}.',
      'KBC lottery winner {name}! You won {big}. Contact our manager on WhatsApp {phone}, pay registration fee to receive the money.',
    ],
    hinglish: [
      'Badhai ho! Aapne {brand} lucky draw mein {big} jeete hain, inaam pane ke liye {small} tax bhejo {upi} pe.',
      'KBC se call hai, aapka number lottery mein nikla hai {big}, {phone} pe WhatsApp karo aur registration fee jama karo.',
      'Aapko free scooty mili hai {brand} ki taraf se, delivery charge {small} pay karo {fakelink}.',
    ],
    hi: [
      'बधाई हो! आपने {brand} लकी ड्रा में {big} जीते हैं। इनाम पाने के लिए {small} शुल्क {upi} पर भेजें।',
      'केबीसी लॉटरी में आपका नंबर चुना गया है, {big} का इनाम पाने के लिए {phone} पर संपर्क करें।',
    ],
  },
  'crypto-forex': {
    en: [
      'Guaranteed 5% daily returns on {coin} trading! Join our VIP group {tg} and double your money in 30 days.',
      'Invest {amount} in our {coin} platform and get {big} in one month. 100% safe, withdraw anytime. WhatsApp {phone}.',
      'My mentor turned 10,000 into 3 lakh with {coin} signals. Register at {fakelink} with minimum deposit {amount}, assured profit.',
      'Earn 2% per day with our AI {coin} bot. Deposit USDT to the given address, profit credited daily. Limited slots, join our Telegram {tg}.',
      '[Forex|{coin}] [signals|trading] with [90%|95%] accuracy: [300%|200%] returns every month, zero risk. Deposit {amount} [on our app|at {fakelink}] and [message|WhatsApp] our manager on {phone}.',
      '[Crypto|{coin}] doubling offer: send {amount} in USDT and receive double within {hours}. [Only today.|Trusted by 10,000 members.] Join {tg}',
    ],
    hinglish: [
      '{coin} mein invest karo, har din 5% pakka munafa, paisa double 30 din mein. Telegram pe join karo {tg}.',
      'Bhai {amount} lagao aur mahine mein {big} pao, guaranteed return hai, {phone} pe WhatsApp karo.',
      'Hamara {coin} app join karo {fakelink}, minimum deposit {amount}, roz profit aayega.',
      '[Forex|{coin}] trading se [mahine ka|har hafte] [30%|50%] pakka return, koi risk nahi. {amount} deposit karo aur manager ko WhatsApp karo {phone}.',
      '{coin} doubling scheme: {amount} bhejo, {hours} mein double wapas. [Aaj last din hai.|Sirf VIP members ke liye.] Join karo {tg}',
    ],
    hi: [
      '{coin} ट्रेडिंग में रोज़ 5% पक्का मुनाफा! हमारे वीआईपी ग्रुप से जुड़ें {tg} और पैसा दोगुना करें।',
      '{amount} लगाएं और एक महीने में {big} पाएं, गारंटी के साथ। व्हाट्सएप करें {phone}',
      '[फॉरेक्स|{coin}] ट्रेडिंग से हर महीने [30%|50%] पक्का रिटर्न, कोई जोखिम नहीं। {amount} जमा करें और मैनेजर को व्हाट्सएप करें {phone}',
      '{coin} डबलिंग ऑफर: {amount} भेजें, {hours} में दोगुना वापस। अभी जुड़ें {tg}',
    ],
  },
  sextortion: {
    en: [
      'I have recorded your video call. Pay {amount} to {upi} within {hours} or I will send the video to all your contacts and family.',
      'Your private video is with us. If you do not transfer {amount} today, it goes on YouTube and to your relatives. Contact {phone}.',
      'This is {agency} officer. A complaint of obscene video call is registered against you. Pay {amount} to delete the video or face arrest.',
      'We have your screen recording. Send {amount} in Bitcoin or we share it with your friends list. You have {hours}.',
    ],
    hinglish: [
      'Tumhara video call record ho gaya hai, {amount} bhejo {upi} pe warna sabko bhej dunga, family ko bhi.',
      'Aapki private video hamare paas hai, {hours} mein {amount} nahi bheje to YouTube pe daal denge.',
      'Main {agency} se bol raha hoon, aapke video call ki complaint aayi hai, {amount} do warna arrest hoga.',
    ],
    hi: [
      'आपका वीडियो कॉल रिकॉर्ड हो गया है। {hours} में {amount} भेजें वरना वीडियो आपके परिवार को भेज दिया जाएगा।',
      'आपकी निजी वीडियो हमारे पास है, {amount} {upi} पर नहीं भेजे तो सबको भेज देंगे।',
    ],
  },
  'govt-scheme-fee': {
    en: [
      'Your {scheme} installment of {amount} is pending. Pay {small} registration fee at {fakelink} to release it.',
      '[Good news|Attention]! You are selected for {scheme}. Submit Aadhaar and bank details with {small} processing charge to {upi}.',
      '{scheme} 2024: get {big} subsidy. Apply at {fakelink}, last date today. Verification fee {small} only.',
      'Dear beneficiary, your {scheme} application is approved. Call {phone} and pay {small} to get your money transferred.',
    ],
    hinglish: [
      '{scheme} ki kist {amount} ruki hui hai, {small} registration fee bharo {fakelink} pe tabhi paisa aayega.',
      'Aapka naam {scheme} mein aa gaya hai, {small} jama karo {upi} pe aur {big} ki subsidy pao.',
      '{scheme} ka form aaj hi bharo {fakelink}, sirf {small} fees, aaj last date hai.',
    ],
    hi: [
      'आपकी {scheme} की किस्त {amount} रुकी है। {small} पंजीकरण शुल्क {fakelink} पर जमा करें।',
      '{scheme} में आपका नाम चुना गया है, {big} सब्सिडी पाने के लिए {small} फीस {upi} पर भेजें।',
    ],
  },
  'digital-arrest': {
    en: [
      'This is {agency}. A {courier} parcel in your name with drugs and fake passports was seized. You are under digital arrest; stay on the video call and do not tell anyone.',
      'Your Aadhaar is linked to a money laundering case in {city}. Transfer {big} to the RBI verification account for clearance or a non-bailable warrant will be issued.',
      '{courier} here: your parcel to Taiwan contains MDMA. Connect to {agency} officer on Skype now, otherwise FIR will be filed against you.',
      'Officer from {agency}: your mobile number is used in illegal activity. Pay security deposit {big}, it will be refunded after verification. Do not disconnect.',
    ],
    hinglish: [
      'Main {agency} se bol raha hoon, aapke naam ka parcel pakda gaya hai drugs ke saath, aap digital arrest mein ho, kisi ko mat batana.',
      'Aapka Aadhaar money laundering case mein use hua hai, verification amount {big} bhejo warna arrest warrant niklega.',
      '{courier} se call hai, aapke parcel mein illegal items hain, {agency} officer se video call pe baat karo abhi.',
    ],
    hi: [
      'मैं {agency} से बोल रहा हूं। आपके नाम के पार्सल में ड्रग्स मिले हैं, आप डिजिटल अरेस्ट में हैं, किसी को न बताएं।',
      'आपका आधार मनी लॉन्ड्रिंग केस में इस्तेमाल हुआ है, {big} जमा करें वरना गिरफ्तारी वारंट जारी होगा।',
    ],
  },
  'fake-kyc': {
    en: [
      '[Dear customer|Dear user], your {bank} account will be blocked today. Update your KYC [now|immediately] at {fakelink}.',
      'Your {bank} YONO account is suspended due to pending PAN update. Click {fakelink} to complete e-KYC within {hours}.',
      '{bank} alert: KYC expired. Call {phone} and share the OTP to reactivate your account, otherwise it will be closed.',
      'Your debit card is blocked. To unblock, verify KYC by sending card number and CVV to {phone} on WhatsApp.',
    ],
    hinglish: [
      'Aapka {bank} khata aaj band ho jayega, KYC update karo {fakelink} pe turant.',
      'Sir aapka PAN link nahi hai, account block ho gaya, {phone} pe call karo aur OTP batao.',
      'KYC pending hai, {hours} mein update nahi kiya to account freeze, is link pe click karo {fakelink}.',
    ],
    hi: [
      'प्रिय ग्राहक, आपका {bank} खाता आज बंद हो जाएगा। तुरंत केवाईसी अपडेट करें {fakelink}',
      'आपका पैन कार्ड लिंक नहीं है, खाता ब्लॉक हो गया है। {phone} पर कॉल करें और ओटीपी बताएं।',
    ],
  },
  'olx-army': {
    en: [
      'I am an army officer posted in {city}, want to buy your {item}. I will pay through army account, first you send {small} to verify your UPI.',
      'Hello, I saw your {item} ad on OLX. I am in CRPF, transferring tomorrow. Scan this QR to receive the full payment.',
      'Army man selling my {item} at half price due to transfer. Pay {small} gate pass and delivery charge to {upi}, vehicle will reach today.',
      'Sir I am from Indian Army, our canteen rules say you must send Re 1 first, then I send double back with the {amount} payment.',
    ],
    hinglish: [
      'Main army mein hoon {city} posting hai, aapka {item} lena hai, pehle {small} bhejo verification ke liye phir full payment milega.',
      'OLX pe aapka {item} dekha, main CRPF se hoon, ye QR scan karo payment receive karne ke liye.',
      'Transfer ho raha hai isliye {item} sasta de raha hoon, gate pass charge {small} bhejo {upi} pe.',
    ],
    hi: [
      'मैं आर्मी में हूं, आपका {item} खरीदना है। पहले {small} भेजें वेरिफिकेशन के लिए, फिर पूरा भुगतान मिलेगा।',
      'ओएलएक्स पर आपका {item} देखा, पैसे प्राप्त करने के लिए यह QR स्कैन करें।',
    ],
  },
  'refund-reward': {
    en: [
      'Your {bank} reward points worth {amount} expire today. Redeem now at {fakelink}.',
      '{brand} refund of {amount} is approved. Click {fakelink} and enter your card details to receive it.',
      'Income tax refund of {amount} is ready. Verify your account at {fakelink} to get it credited [today|within {hours}].',
      'Electricity bill overpaid, refund {amount} pending. Call {phone} and share the OTP to receive it.',
    ],
    hinglish: [
      'Aapke {bank} reward points {amount} ke aaj expire ho rahe hain, abhi redeem karo {fakelink}.',
      '{brand} ka refund {amount} aapke liye approve hai, link pe click karke card details daalo {fakelink}.',
      'Income tax refund {amount} aaya hai, {fakelink} pe account verify karo turant.',
    ],
    hi: [
      'आपके {bank} रिवॉर्ड पॉइंट {amount} के आज समाप्त हो रहे हैं, अभी रिडीम करें {fakelink}',
      'आयकर रिफंड {amount} तैयार है, पाने के लिए {fakelink} पर खाता सत्यापित करें।',
    ],
  },
  'stock-tips': {
    en: [
      'Free stock tips with 95% accuracy! Join our WhatsApp group {wa}, buy {stock} tomorrow for 300% returns.',
      'SEBI registered advisor (not really needed) — {stock} will double this week, pay {small} for premium calls on {tg}.',
      'Insider news: {stock} upper circuit confirmed. Invest through our institutional account app {fakelink}, guaranteed profit.',
      'Professor {name} stock club: daily jackpot calls, minimum {amount} in our trading app, 10x returns assured. Join the Telegram group {tg}',
    ],
    hinglish: [
      'Free share market tips, {stock} kal 300% jayega, WhatsApp group join karo {wa}.',
      'Premium stock calls sirf {small} mein, pakka profit, Telegram pe join karo {tg}.',
      'Institutional account se IPO allotment pakka, hamara app download karo {fakelink} aur {amount} daalo.',
    ],
    hi: ['मुफ्त शेयर टिप्स! {stock} इस हफ्ते दोगुना होगा, व्हाट्सएप ग्रुप से जुड़ें {wa}', 'पक्का मुनाफा वाली कॉल सिर्फ {small} में, टेलीग्राम पर जुड़ें {tg}'],
  },
  'lookalike-domain': {
    en: [
      'Your {bank} net banking access is limited. Log in at {lookalike} to restore it.',
      '[Dear customer|Hello], verify your account at https://{lookalike}/login to avoid suspension.',
      'Official notice: complete your verification on {lookalike} before midnight.',
      'New {bank} portal for faster service: www.{lookalike}. Sign in with your customer ID and password.',
    ],
    hinglish: [
      'Aapka net banking band hone wala hai, {lookalike} pe login karke verify karo.',
      'Naya {bank} portal {lookalike} pe apna password daal ke account chalu rakho.',
    ],
    hi: ['आपकी नेट बैंकिंग सीमित कर दी गई है। {lookalike} पर लॉगिन करें।', 'खाता चालू रखने के लिए {lookalike} पर अपना पासवर्ड डालें।'],
  },
};

/** Scam quotes a warning repeats (short, so a warning can carry one). */
export const quotedScams: Partial<Record<Lang, string[]>> = {
  en: [
    'your {bank} account will be blocked, update KYC at {fakelink}',
    'approve the collect request and enter UPI PIN to receive {amount}',
    'you are under digital arrest, do not tell anyone',
    'you won {big} in the {brand} lucky draw, pay {small} to claim',
    'like YouTube videos and earn {amount} daily',
    'reply with the code to upgrade your SIM to 5G',
    'pay {small} registration fee for {scheme}',
    'your parcel has drugs, connect to {agency} on Skype',
    'guaranteed 5% daily returns on {coin}',
    'instant loan without CIBIL, download {apklink}',
    'I am an army officer, send {small} to verify',
    'your reward points expire today, redeem at {fakelink}',
    'buy {stock} for 300% returns, join {wa}',
    'log in at {lookalike} to restore net banking',
    'I recorded your video call, pay {amount} or I send it to your family',
  ],
  hinglish: [
    'aapka account band ho jayega, KYC update karo',
    'PIN daalo paise receive karne ke liye',
    'aap digital arrest mein ho',
    'lottery jeeti hai, {small} fees bhejo',
    'ghar baithe {amount} roz kamao',
    'SIM band ho jayega, code batao',
    '{scheme} ki kist ke liye fees bharo',
    'pehla task prepaid hai, {small} jama karo',
  ],
  hi: [
    'आपका खाता बंद हो जाएगा, केवाईसी अपडेट करें',
    'पैसे पाने के लिए पिन डालें',
    'आप डिजिटल अरेस्ट में हैं',
    'आपने लॉटरी जीती है, शुल्क भेजें',
    'घर बैठे रोज़ कमाएं',
    'सिम बंद हो जाएगा, कोड बताएं',
  ],
};

/** Frames that quote a scam to warn against it: narration, third person, past tense, advice. `{quote}` is the scam. */
export const warningFrames: Partial<Record<Lang, string[]>> = {
  en: [
    '[Beware|Alert|PSA|Warning]: scammers are sending messages like "{quote}". [It is a scam|This is fraud]. Never share your OTP or PIN. Report at 1930 or cybercrime.gov.in.',
    'My [uncle|mother|neighbour|colleague] got a call saying "{quote}". [He|She] [almost paid|lost {amount}]. Please [warn your parents|tell your family], banks never ask this.',
    'Got an SMS today: "{quote}". Deleted and blocked the number. [Stay safe everyone.|Don\'t fall for it.]',
    'Just reported a fake message: "{quote}" at cybercrime.gov.in. [Always call 1930 if you lose money.|Banks never send such links.]',
    'Remember: no bank or government office will say "{quote}". If someone does, hang up and report to 1930.',
    'News: [police|the cyber cell] in {city} arrested a gang that sent "{quote}" to [hundreds|thousands] of people. [Victims lost crores.|Report such calls at 1930.]',
    'Is this real? Someone sent me "{quote}". I did not click anything. How do I report it?',
    'A friend fell for "{quote}" and lost {amount}. We filed a complaint on 1930 the same day; the bank froze part of it. [Act fast if it happens to you.|Never share your PIN.]',
    'Awareness post: you never need to enter your UPI PIN to receive money. Scams that say "{quote}" are common this month.',
    'Fraud alert from our society group: "{quote}". Never share OTP, CVV or UPI PIN with anyone, even if they claim to be from the bank.',
  ],
  hinglish: [
    'Sabhi log savdhan rahein, aisa message aa raha hai "{quote}". Ye fraud hai, OTP kisi ko mat batana, 1930 pe report karo.',
    'Mere papa ko call aaya tha "{quote}", unhone kuch nahi bataya, aap log bhi dhyan rakho.',
    'Ye scam hai bhai: "{quote}". Koi bhi bank aise nahi bolta, number block karo aur cybercrime.gov.in pe complaint karo.',
    'Meri dost ke saath fraud hua, unko bola gaya "{quote}" aur {amount} chale gaye. 1930 pe turant call kiya.',
    'Awareness ke liye: "{quote}" jaisa message aaye to ignore karo, link pe click mat karna.',
  ],
  hi: [
    'सावधान! ठग ऐसे संदेश भेज रहे हैं: "{quote}"। यह धोखाधड़ी है, ओटीपी किसी को न बताएं, 1930 पर शिकायत करें।',
    'मेरे पिताजी को कॉल आया था "{quote}", उन्होंने कुछ नहीं बताया। आप भी सतर्क रहें।',
    'खबर: {city} पुलिस ने "{quote}" जैसे संदेश भेजने वाले गिरोह को पकड़ा। ऐसे कॉल की रिपोर्ट 1930 पर करें।',
    'मेरे दोस्त के साथ ठगी हुई, उनसे कहा गया "{quote}" और {amount} चले गए। तुरंत 1930 पर कॉल करें।',
  ],
};

/** Warnings, news and advice that quote no scam. */
export const adviceTemplates: Partial<Record<Lang, string[]>> = {
  en: [
    'Tip: you never need a UPI PIN to receive money. If an app asks for your PIN, you are paying, not receiving.',
    'RBI and banks never ask for OTP, CVV or PIN over call, SMS or WhatsApp. Report fraud calls to 1930 or cybercrime.gov.in.',
    'There is no such thing as a "digital arrest" in Indian law. Police do not interrogate on video calls. If you get such a call, disconnect and dial 1930.',
    'Before installing any loan app, check that the lender is listed on the RBI website. Apps that ask for contacts and gallery access are red flags.',
    'Real companies never charge a fee to give you a job. If a "recruiter" asks for registration money, walk away.',
    'How to check a link: look at the domain right before the first slash. onlinesbi.sbi is real; anything like sbi-kyc-update.in is not.',
    'Report lost money within the golden hour: call 1930 and file at cybercrime.gov.in, then tell your bank to freeze the transaction.',
    'Sanchar Saathi (sancharsaathi.gov.in) lets you see every SIM in your name and block the ones you do not own.',
    'A lottery you never entered cannot pay you. Any "prize" that needs a fee first is fraud.',
    'Guaranteed returns do not exist in stocks or crypto. SEBI-registered advisers are listed on sebi.gov.in; check before paying anyone for tips.',
    'Weekly fraud roundup: task jobs, fake KYC links and courier calls were the top three complaints this week in {city}.',
    'If you receive an obscene video call from an unknown number, do not pay anyone who threatens you. Report it at cybercrime.gov.in; paying only brings more demands.',
    'Buying on OLX? Never scan a QR code to receive money, and be careful with "army officer" buyers asking you to send money first.',
  ],
  hinglish: [
    'Yaad rakho: paise receive karne ke liye kabhi UPI PIN nahi lagta. PIN daloge to paise jayenge.',
    'Bank kabhi OTP ya PIN phone pe nahi maangta. Fraud ho to 1930 pe call karo.',
    'Digital arrest naam ki koi cheez nahi hai, police video call pe poochtach nahi karti.',
    'Loan app install karne se pehle RBI list check karo, contacts maangne wale apps se bacho.',
    'Naukri ke liye koi fees nahi leta, agar koi registration fee maange to samajh jao fraud hai.',
  ],
  hi: [
    'याद रखें: पैसे प्राप्त करने के लिए कभी यूपीआई पिन नहीं लगता।',
    'बैंक कभी फोन पर ओटीपी या पिन नहीं मांगता। धोखाधड़ी होने पर 1930 पर कॉल करें।',
    'डिजिटल अरेस्ट जैसी कोई चीज़ कानून में नहीं है, पुलिस वीडियो कॉल पर पूछताछ नहीं करती।',
    'नौकरी के लिए कोई फीस नहीं लगती, फीस मांगने वाले से सावधान रहें।',
  ],
};

/** Honest talk about the same subjects scams use: money, banks, KYC, jobs, loans, investing, schemes, tech help. */
export const honestTemplates: Record<string, Partial<Record<Lang, string[]>>> = {
  'honest-upi': {
    en: [
      '[Received|Got] {amount} from [my brother|a friend|my employer|a client] on {app}, [no PIN needed to receive|it showed up instantly].',
      '[Set up|Linked] a [second bank account|RuPay credit card] to {app} [today|yesterday], [works fine|easy process].',
      'Which UPI app do you use for [daily payments|splitting bills]? I moved from {app} to BHIM because [it is lighter|of fewer ads].',
      'My {app} payment failed but money got debited. The bank says it will be reversed in 3-5 working days. Anyone had the same?',
      'How do I change my UPI PIN in {app}? I think my brother saw me typing it.',
      'Paid my [rent|electricity bill|school fees] through UPI, got the receipt instantly. Much easier than cheques.',
      'UPI Lite is handy for small payments under ₹500, no PIN each time. Set it up last week.',
      'Shopkeeper near my house only takes UPI now. I sent {amount} for groceries and it showed success.',
    ],
    hinglish: [
      'Aap log kaunsa UPI app use karte ho? Main {app} use karta hoon, kabhi problem nahi hui.',
      'Payment fail hua par paise kat gaye, bank bol raha hai 3 din mein wapas aa jayenge.',
      'UPI PIN kaise change karein {app} mein? Koi bata sakta hai steps?',
    ],
    hi: ['आप लोग कौन सा यूपीआई ऐप इस्तेमाल करते हैं? मैं {app} चलाता हूं।', 'पेमेंट फेल हो गया लेकिन पैसे कट गए, बैंक ने कहा तीन दिन में वापस आएंगे।'],
  },
  'honest-bank': {
    en: [
      'Went to the {bank} branch to update my address, took 20 minutes with Aadhaar. KYC is [done|updated] now.',
      'Does anyone know if {bank} charges for SMS alerts? My statement shows a small deduction.',
      '{bank} net banking was down this morning for maintenance, it is working now.',
      "Opened a recurring deposit in {bank} for my daughter's education. Interest is around 7%.",
      'Got a letter from my bank asking to do re-KYC at the branch. Went there with PAN and Aadhaar, done in 10 minutes.',
      "The official way to update KYC is through your bank's own app or the branch. I did it on the {bank} app itself.",
    ],
    hinglish: [
      '{bank} branch gaya tha KYC update karne, Aadhaar aur PAN leke, 15 minute mein ho gaya.',
      'Net banking ka password bhool gaya, bank ki official site se reset kar liya.',
      'Kisi ko pata hai {bank} ka FD rate abhi kitna hai?',
    ],
    hi: [
      'मैं {bank} शाखा में केवाईसी अपडेट कराने गया था, आधार और पैन से दस मिनट में हो गया।',
      'क्या किसी को पता है {bank} में एफडी की ब्याज दर अभी कितनी है?',
    ],
  },
  'honest-jobs': {
    en: [
      'Got an offer from a startup in {city} after three rounds of interviews. No fees anywhere, they even paid for travel.',
      'Any tips for campus placements? Our college has {brand} and Infosys coming next month.',
      'Looking for part time work as a tutor in {city}, can teach maths up to class 10.',
      'Applied through the company careers page and LinkedIn, heard back in two weeks. Be patient, real hiring takes time.',
      'Government job notification: SSC CGL forms are out, the exam fee is ₹100 on the official site ssc.gov.in.',
    ],
    hinglish: [
      'Kisi ko {city} mein part time tuition chahiye? Main maths aur science padha sakta hoon.',
      'Campus placement ke liye tips do yaar, next month interviews hain.',
      'Naukri.com pe apply kiya tha, interview achha gaya, offer letter aa gaya.',
    ],
    hi: ['मुझे {city} में एक कंपनी से नौकरी का ऑफर मिला, तीन इंटरव्यू के बाद।', 'क्या कोई बता सकता है कि एसएससी परीक्षा की तैयारी कैसे करें?'],
  },
  'honest-loans': {
    en: [
      'Took a home loan from {bank}, the processing fee was 0.5% and it was shown in the sanction letter.',
      'Should I prepay my car loan or invest the bonus? Interest is 9%.',
      'Education loan from {bank} got approved after the branch checked my admission letter and co-applicant papers.',
      'My CIBIL score went up after I paid off the credit card on time for six months.',
    ],
    hinglish: [
      'Home loan liya {bank} se, processing fee sanction letter mein likhi thi, sab clear tha.',
      'Personal loan lena chahiye ya gold loan? Interest kaunsa kam hai?',
    ],
    hi: ['मैंने {bank} से होम लोन लिया, प्रोसेसिंग फीस स्वीकृति पत्र में लिखी थी।', 'पर्सनल लोन लें या गोल्ड लोन? ब्याज किसमें कम है?'],
  },
  'honest-investing': {
    en: [
      '[Is|Should I buy] [gold ETF|Nifty 50 index fund|a balanced advantage fund|sovereign gold bonds] [a good idea|for five years|for retirement]? [No hurry, just learning.|Want honest opinions.]',
      'My [PPF|NPS|EPF] balance [crossed|reached] {big} this year. [Slow but steady.|Compounding works.]',
      'Started a SIP of ₹2,000 in an index fund. Not expecting miracles, just long term.',
      'Is it a good time to buy {stock}? I read the quarterly results, debt is high.',
      'Crypto is too volatile for me. I keep most savings in PPF and FDs.',
      'Lost money in F&O last year. Now I only invest in mutual funds through the AMC website.',
      'Check any adviser on the SEBI website before paying for tips. Mine was registered and charged a flat yearly fee.',
    ],
    hinglish: [
      'SIP start kiya ₹1000 ka index fund mein, long term ke liye.',
      'Crypto mein bahut risk hai yaar, main FD aur PPF mein rakhta hoon.',
      '{stock} ke results achhe aaye hain, par main abhi wait karunga.',
    ],
    hi: ['मैंने इंडेक्स फंड में ₹2,000 की एसआईपी शुरू की है।', 'क्रिप्टो में बहुत जोखिम है, मैं पीपीएफ और एफडी में पैसा रखता हूं।'],
  },
  'honest-schemes': {
    en: [
      'My father got the {scheme} installment of ₹2,000 in his account yesterday. Check status on pmkisan.gov.in with your Aadhaar.',
      'How do I apply for {scheme}? The official portal asks for income certificate and ration card.',
      'The Ayushman card was made free at the CSC centre near our village, no fee.',
      'Applied for the solar rooftop subsidy on pmsuryaghar.gov.in, the vendor installation took two weeks.',
    ],
    hinglish: [
      'Papa ke account mein {scheme} ki kist aa gayi kal, status pmkisan.gov.in pe check kar sakte ho.',
      '{scheme} ke liye apply kaise karein? Official site pe kaunse documents chahiye?',
    ],
    hi: ['पिताजी के खाते में कल {scheme} की किस्त आ गई। स्थिति pmkisan.gov.in पर देख सकते हैं।', '{scheme} के लिए आवेदन कैसे करें? कौन से दस्तावेज़ चाहिए?'],
  },
  'official-link': {
    en: [
      'You can file your return directly at https://www.incometax.gov.in, the refund came in 20 days.',
      'For SBI, always log in only at https://www.onlinesbi.sbi. Bookmark it.',
      'Lodge cyber fraud complaints at https://cybercrime.gov.in or call 1930.',
      'Check your EPF passbook at https://passbook.epfindia.gov.in with your UAN.',
      'Book your Aadhaar update appointment at https://uidai.gov.in, it costs ₹50 at the centre.',
      'HDFC customers: the real net banking is https://netbanking.hdfcbank.com. Anything else is fake.',
    ],
    hinglish: [
      'ITR file karo seedha https://www.incometax.gov.in pe, refund 3 hafte mein aa gaya mera.',
      'Aadhaar update ke liye uidai.gov.in pe appointment book karo.',
    ],
    hi: [
      'आयकर रिटर्न सीधे https://www.incometax.gov.in पर भरें, रिफंड जल्दी आता है।',
      'साइबर धोखाधड़ी की शिकायत https://cybercrime.gov.in पर करें या 1930 पर कॉल करें।',
    ],
  },
  'honest-tech': {
    en: [
      '[My|Our] [laptop|phone|router|printer] [stopped working|keeps restarting|is very slow] after [the update|a power cut|yesterday]. [Any fix?|What should I try?|Should I reset it?]',
      '[How do I|Can someone tell me how to] [clear cache|update Android|free up space|recover deleted photos] on [a Samsung|an Oppo|a Redmi|an iPhone]?',
      '[Which|What] [VPN|password manager|browser|email app] [do you use|is safe|is best] for [work|college|daily use]?',
      'My phone keeps showing storage full. Which apps can I safely uninstall?',
      'How do I enable two-factor authentication on Gmail? Want to secure my account.',
      'WhatsApp backup is stuck at 0%. Any fix? I am on Android 13.',
      'Laptop fan is very loud after the update. Should I clean it or is it the software?',
      "Best free antivirus for Windows? My cousin's PC got slow.",
    ],
    hinglish: ['Phone ka storage full ho gaya, kaunse apps hata sakta hoon?', 'WhatsApp backup atak gaya hai, koi solution batao.'],
    hi: ['फोन की स्टोरेज भर गई है, कौन से ऐप हटाऊं?', 'जीमेल में टू-फैक्टर ऑथेंटिकेशन कैसे चालू करें?'],
  },
  'honest-study': {
    en: [
      '[Anyone|Who all are] preparing for [GATE|CAT|NEET|SSC CGL|CA foundation] [this year|in 2025]? [Let us share notes.|Our group meets on weekends.|Join our study group.]',
      '[Free|Good] [YouTube channels|books|mock tests] for [class 10 maths|JEE physics|UPSC history|English grammar]? [Please suggest.|Share in comments.]',
      'Our [college|coaching] [library|study room] in {city} is open till [8 pm|10 pm] during exams, [very helpful|quiet place to study].',
      'Starting a study group for UPSC prelims in {city}, meeting Sundays at the library. Anyone interested?',
      'Sharing my notes for class 12 physics, chapter 3. Let me know if anything is wrong.',
      'Which is better for JEE: coaching or self study with NPTEL lectures?',
      'Our NEET group meets online on Google Meet every evening at 7. Join the channel here for the timetable.',
    ],
    hinglish: [
      'UPSC prelims ke liye study group bana rahe hain {city} mein, Sunday ko library mein milenge.',
      'Class 12 physics ke notes share kar raha hoon, check karo.',
    ],
    hi: ['यूपीएससी की तैयारी के लिए {city} में एक अध्ययन समूह बना रहे हैं।', 'कक्षा 12 भौतिकी के नोट्स साझा कर रहा हूं।'],
  },
  'honest-tax': {
    en: [
      '[Filed|Submitted] my ITR [on the income tax portal|through a CA|myself] [last month|in July|this week], [refund|the refund of {amount}] [came in|took] [ten days|three weeks|a month].',
      '[Does anyone know|Question:] [how long|why] the income tax refund [takes|is stuck|shows pending] [after e-verification|this year]?',
      '[Old|New] tax regime or [old|new]? My salary is around {big} a year, [confused|need advice].',
      'My income tax refund of {amount} got credited today, about three weeks after e-verifying the return.',
      'Refund status shows "processed" on the income tax portal. How long until it reaches the bank?',
      'Tip for first-time filers: pre-validate your bank account on the e-filing portal or the refund will fail.',
      'Filed ITR-1 myself this year using the prefilled data. Took 30 minutes.',
    ],
    hinglish: [
      'Mera income tax refund aaj aa gaya, return verify karne ke 3 hafte baad.',
      'ITR mein bank account pre-validate karna mat bhoolna, warna refund fail ho jata hai.',
    ],
    hi: ['मेरा आयकर रिफंड आज खाते में आ गया।', 'रिटर्न भरते समय बैंक खाता प्री-वैलिडेट करना न भूलें।'],
  },
  'honest-other': {
    en: [
      '[Heavy rain|Traffic jam|Water supply cut] in {city} [today|since morning|this evening], [stay safe|plan accordingly|avoid the main road].',
      '[Recommend|Suggest] a good [dentist|electrician|plumber|tailor|mechanic] in {city}? [Thanks in advance.|Budget is limited.]',
      '[Our|My] [daughter|son|nephew] [cleared|passed] [the board exams|the driving test|the interview] [today|this week]! [So proud.|Sweets for everyone.]',
      'Cricket today was amazing, that last over!',
      'Any good biryani places in {city} that deliver late?',
      'Selling my old {item}, good condition, pickup only in {city}. Price negotiable, cash or UPI on pickup.',
      'Our society is collecting {small} per flat for the Diwali decorations. Pay the treasurer directly.',
      'Power cut again in our area since morning. BESCOM says repair work till 4 pm.',
      'My parcel from {brand} is delayed, tracking shows it reached {city} hub. Should I wait?',
      'Lost my wallet in the metro, got it back from the lost and found. People are good!',
    ],
    hinglish: [
      'Aaj ka match zabardast tha yaar!',
      '{city} mein achhi biryani kahan milti hai?',
      'Purana {item} bech raha hoon, pickup {city} se, cash ya UPI pickup pe.',
      'Humare area mein subah se light nahi hai, bijli office ne bola 4 baje tak aayegi.',
    ],
    hi: ['आज का मैच शानदार था!', '{city} में अच्छी बिरयानी कहां मिलती है?', 'हमारे इलाके में सुबह से बिजली नहीं है।'],
  },
};

/** A few items in other Indian languages, scams and honest talk, so the model has seen their scripts. */
export const otherLanguages: { lang: Lang; label: 'scam' | 'legit'; pattern: string; text: string }[] = [
  {
    lang: 'kn',
    label: 'scam',
    pattern: 'fake-kyc',
    text: 'ನಿಮ್ಮ SBI ಖಾತೆ ಇಂದು ಬ್ಲಾಕ್ ಆಗುತ್ತದೆ. ತಕ್ಷಣ KYC ಅಪ್ಡೇಟ್ ಮಾಡಿ http://sbi-kyc-update.in/login',
  },
  { lang: 'kn', label: 'scam', pattern: 'task-job', text: 'ಮನೆಯಿಂದಲೇ ದಿನಕ್ಕೆ ₹3000 ಗಳಿಸಿ, ಟೆಲಿಗ್ರಾಮ್ ಸೇರಿ t.me/earn_daily_official' },
  { lang: 'kn', label: 'legit', pattern: 'warning', text: 'ಎಚ್ಚರಿಕೆ: ಬ್ಯಾಂಕ್ ಯಾವತ್ತೂ OTP ಕೇಳುವುದಿಲ್ಲ. ವಂಚನೆ ಆದರೆ 1930 ಗೆ ಕರೆ ಮಾಡಿ.' },
  { lang: 'kn', label: 'legit', pattern: 'honest-other', text: 'ಬೆಂಗಳೂರಿನಲ್ಲಿ ಇಂದು ತುಂಬಾ ಮಳೆ, ಟ್ರಾಫಿಕ್ ಜಾಸ್ತಿ ಇದೆ.' },
  {
    lang: 'ta',
    label: 'scam',
    pattern: 'lottery',
    text: 'வாழ்த்துக்கள்! நீங்கள் ₹25 லட்சம் லாட்டரி வென்றுள்ளீர்கள். பரிசு பெற ₹499 கட்டணம் prize2024@paytm க்கு அனுப்பவும்.',
  },
  {
    lang: 'ta',
    label: 'scam',
    pattern: 'digital-arrest',
    text: 'நான் CBI அதிகாரி. உங்கள் பெயரில் போதைப்பொருள் பார்சல் பிடிபட்டது, நீங்கள் digital arrest இல் உள்ளீர்கள், யாரிடமும் சொல்ல வேண்டாம்.',
  },
  { lang: 'ta', label: 'legit', pattern: 'warning', text: 'கவனம்: UPI PIN போட்டால் பணம் போகும், வராது. மோசடி நடந்தால் 1930 அழைக்கவும்.' },
  { lang: 'ta', label: 'legit', pattern: 'honest-other', text: 'சென்னையில் நல்ல பிரியாணி கடை எது? பரிந்துரை சொல்லுங்கள்.' },
  { lang: 'bn', label: 'scam', pattern: 'upi-collect', text: 'আপনার ক্যাশব্যাক ₹2,499 তৈরি, টাকা পেতে QR স্ক্যান করে UPI পিন দিন।' },
  {
    lang: 'bn',
    label: 'scam',
    pattern: 'crypto-forex',
    text: 'ক্রিপ্টোতে প্রতিদিন ৫% নিশ্চিত লাভ! আমাদের টেলিগ্রাম গ্রুপে যোগ দিন t.me/cryptogains99',
  },
  { lang: 'bn', label: 'legit', pattern: 'warning', text: 'সাবধান! ব্যাংক কখনো OTP চায় না। প্রতারণা হলে 1930 নম্বরে ফোন করুন।' },
  { lang: 'bn', label: 'legit', pattern: 'honest-other', text: 'কলকাতায় আজ খুব গরম, সবাই জল খান।' },
  {
    lang: 'mr',
    label: 'scam',
    pattern: 'govt-scheme-fee',
    text: 'तुमचा PM Kisan हप्ता थांबला आहे, ₹499 नोंदणी शुल्क https://pmkisan-gov.in/apply वर भरा.',
  },
  {
    lang: 'mr',
    label: 'scam',
    pattern: 'loan-app',
    text: 'CIBIL शिवाय 5 मिनिटांत कर्ज! हे ॲप डाउनलोड करा http://quickloan-app.in/download/quickloan.apk',
  },
  { lang: 'mr', label: 'legit', pattern: 'warning', text: 'सावध रहा: बँक कधीही OTP मागत नाही. फसवणूक झाल्यास 1930 वर कॉल करा.' },
  { lang: 'mr', label: 'legit', pattern: 'honest-other', text: 'पुण्यात आज पाऊस आहे, छत्री घेऊन जा.' },
  { lang: 'te', label: 'scam', pattern: 'sim-swap', text: 'మీ SIM 24 గంటల్లో బ్లాక్ అవుతుంది. 5G కోసం వచ్చిన కోడ్ 9876543210 కి పంపండి.' },
  { lang: 'te', label: 'scam', pattern: 'sextortion', text: 'మీ వీడియో కాల్ రికార్డ్ అయింది, ₹25,000 పంపకపోతే మీ కుటుంబానికి పంపిస్తాను.' },
  { lang: 'te', label: 'legit', pattern: 'warning', text: 'జాగ్రత్త: బ్యాంకు ఎప్పుడూ OTP అడగదు. మోసం జరిగితే 1930 కి కాల్ చేయండి.' },
  { lang: 'te', label: 'legit', pattern: 'honest-other', text: 'హైదరాబాద్‌లో మంచి బిర్యానీ ఎక్కడ దొరుకుతుంది?' },
];

export const openers: Partial<Record<Lang, string[]>> = {
  en: ['Hi,', 'Hello,', 'Dear sir,', 'Attention:', 'Note:', 'FYI:'],
  hinglish: ['Namaste,', 'Bhai,', 'Sir ji,', 'Suno,'],
  hi: ['नमस्ते,', 'सुनिए,', 'ध्यान दें:'],
};
export const closers: Partial<Record<Lang, string[]>> = {
  en: ['Thanks.', 'Regards.', 'Thank you.', '🙏', 'Please share.'],
  hinglish: ['Dhanyavaad.', 'Thanks bhai.', '🙏'],
  hi: ['धन्यवाद।', '🙏'],
};
