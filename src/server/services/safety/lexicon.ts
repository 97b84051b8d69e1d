/**
 * The words the scam shield reads, in English, Hinglish (Hindi in Latin letters, spelt many ways) and Hindi in
 * Devanagari. Text reaches these patterns already normalised (lower case, NFKC, no nukta, ASCII digits), see
 * normalise() in scam-shield.ts.
 *
 * Latin alternatives get a left word edge so "pin" does not fire inside "spinach"; Devanagari ones do not (JavaScript's
 * word edges are ASCII-only, and Hindi has no inflecting prefix that would confuse them).
 */

const LEFT_EDGE = '(?<![a-z0-9])';

/** One pattern from alternatives; the Latin ones share a left edge. */
export function anyOf(alternatives: string[]): RegExp {
  const latin = alternatives.filter((alt) => !/^[\u0900-\u097f]/.test(alt));
  const devanagari = alternatives.filter((alt) => /^[\u0900-\u097f]/.test(alt));
  const parts = [`${LEFT_EDGE}(?:${latin.join('|')})`, ...(devanagari.length ? [`(?:${devanagari.join('|')})`] : [])];
  return new RegExp(parts.join('|'), 'g');
}

// ---- What a scam asks for -------------------------------------------------------------------------------------

/** Secrets no one but the owner should ever hold. */
export const secrets = anyOf([
  '[o0]\\.? ?t\\.? ?p\\b', 'otps?', 'one[ -]?time[ -]?pass(word|code)?', 'upi ?pin', 'm-?pin', 'atm ?pin', 'pin ?(number|no|code)', 'upi pin',
  'cvv', 'cvc', 'card (number|no|details|detail)', 'debit card (details|number)', 'credit card (details|number)', 'expiry (date)?',
  'passwords?', 'net ?banking (id|password|details|login)', 'login (id|details|credentials)', 'verification code', '\\d[ -]?digit code',
  'code (aaya|aya|aayega|ayega)', 'aadhaa?r (number|no|otp|card copy)', '(sms|verification|activation|security|secret|\\d+[ -]?digit) code',
  'code[^.!?\\n]{0,20}(received?|sent|got|aaya|aya|mila)', 'jo code', '(the )?sms (you|we|that) (receive|received|get|sent)', '(bank|account|a/c) (details|number|no)', 'account (number|details)', '\\d+[ -]?digit (number|no)',
  'ओटीपी', 'ओ\\.?टी\\.?पी', 'पिन', 'पासवर्ड', 'सीवीवी', 'कार्ड नंबर', 'कोड',
]);

/** Verbs that hand something over: said to the reader. */
export const handOver = anyOf([
  'share', 'send', 'tell', 'give', 'forward', 'enter', 'type', 'provide', 'confirm', 'read (it )?out', 'reply with', 'submit', 'fill',
  'verify', 'batao', 'bata ?do', 'bata ?de', 'bhej ?de', 'de ?de', 'bataiye', 'bataye', 'batayein', 'bhejo', 'bhej ?do', 'bhejiye', 'bhejein', 'bheje', 'daalo', 'dalo', 'daal ?do', 'daliye',
  'dijiye', 'de ?do', 'likho', 'share (karo|karein|kare|kariye|kijiye|kr)', 'send (karo|kro|karein)',
  'बताएं', 'बताओ', 'बताइए', 'बताए', 'भेजें', 'भेजो', 'भेजिए', 'भेज दें', 'शेयर करें', 'दर्ज करें', 'डालें', 'दें', 'दीजिए',
]);

/** A fee or a payment the reader is told to make. */
export const fee = anyOf([
  '(registration|regd|reg|processing|joining|security|verification|clearance|release|delivery|customs|custom|insurance|activation|file|filing|service|unlock|withdrawal|withdraw|transfer|gst|tax|documentation|training|kit|id card|uniform|legal|settlement|stamp|form|application|courier|handling|refundable)[ -]?(fee|fees|charge|charges|amount|deposit|money)',
  'fee of', 'fees of', 'a fee', 'small fee', 'nominal fee', 'token (amount|money)', 'advance (payment|amount|money)', 'pay (an )?advance', 'refundable',
  'pay (just |only |rs\\.?|inr|₹|\\d)', 'deposit (rs\\.?|inr|₹|\\d)', 'send (rs\\.?|inr|₹|\\d)', 'transfer (rs\\.?|inr|₹|\\d)',
  '(rs\\.?|inr|₹) ?\\d[\\d,]*(/-)? ?(pay|jama|bhej|deposit|transfer|fee|charge|only)',
  'fees? (pay|jama|bharo|bhare|bharni|deni|dena|dene|lagegi|lagega|lagti)', 'charges? (pay|lagega|lagenge|dena)', 'jama (karo|karein|kare|karna|karne|kijiye|krna)',
  'paise (bhejo|bhej do|bhejiye|jama|transfer)', 'paisa (bhejo|jama)', 'payment (karo|karein|kare|kariye|kijiye|kr do)',
  'advance (bhejo|bhej do|bhejiye|bhejna|de do|pay|send)', '(send|pay|transfer) (the |me )?(money|amount|paise)', 'send money',
  '(rs\\.?|inr|₹)? ?\\d[\\d,]*k? ?([a-z\u0900-\u097f]+ )?(bhej|bhejo|bhej do|bhej de|bhejiye|send karo|pay karo|transfer karo|भेजें|भेजो|भेज दो|जमा करें)',
  'paise (nahi|nhi) bheje', 'पैसे (नहीं )?भेजे', 'एडवांस भेज',
  'शुल्क', 'फीस', 'भुगतान करें', 'भुगतान करना', 'जमा करें', 'जमा करना', 'पैसे भेजें', 'पैसे भेजो', 'चार्ज',
]);

/** Paying to receive: a fee that "releases" a refund, prize, loan or salary. */
export const feeToRelease = anyOf([
  '(fee|fees|charges?|tax|gst|deposit|amount)[^.!?\\n]{0,30}(to|for|tabhi|then) (release|claim|receive|get|unlock|withdraw|activate|credit|transfer)',
  '(release|claim|receive|unlock|withdraw)[^.!?\\n]{0,30}(pay|deposit|jama)[^.!?\\n]{0,15}(fee|charges?|tax|gst|rs|₹|\\d)', 'tabhi (paisa|paise|amount|loan|inaam) (release|milega|aayega)',
  '(शुल्क|फीस|टैक्स)[^।\\n]{0,40}(प्राप्त|पाएं|मिलेगा|रिलीज)',
]);

/** Hurry. */
export const urgency = anyOf([
  'urgent', 'immediately', 'immediate', 'within \\d+ ?(hours?|hrs?|minutes?|mins?|days?)', 'in (the )?next \\d+ ?(hours?|hrs?|minutes?|mins?)', 'today itself', 'by today', 'tonight',
  'last date', 'last chance', 'expires? (today|tonight|soon|in)', 'expiring', 'asap', 'hurry', 'limited (time|offer|seats|slots|period)', 'only (today|\\d+ (seats|slots))',
  'jaldi', 'turant', 'turrant', 'abhi (ke abhi|turant|call|click|update|pay)', 'aaj hi', 'aaj raat', '\\d+ ?ghante', 'ghante (mein|me|ke andar)',
  'तुरंत', 'आज ही', 'आज रात', 'जल्दी', 'घंटे (में|के अंदर)', 'अंतिम तिथि',
]);

/** Threats of loss, closure or the law. */
export const threat = anyOf([
  'block(ed)?', 'will be block', 'restricted', 'temporarily (locked|limited|restricted|blocked|suspended)', 'locked', 'suspend(ed)?', 'suspension', 'deactivat(e|ed|ion)', 'freez(e|ing)', 'frozen', 'on hold', 'disconnect(ed|ion)?',
  'cut off', 'will be cut', 'will be closed', 'permanently closed', 'arrest(ed)?', 'warrant', 'fir\\b', 'legal action', 'case (registered|filed|has been)', 'court',
  'or else', 'otherwise', 'warna', 'varna', 'nahi to', 'nahi toh', 'nhi to', "if (you|u) (don't|dont|do not) (pay|send|transfer)", 'वरना', 'नहीं तो', '(nahi|nhi|नहीं) [^\\s]+ (to|toh|तो)(?![a-z])',
  'penalty', 'jail', 'police case', 'blacklist(ed)?', 'seized', 'money laundering', 'non[ -]?bailable', 'terminate(d)?',
  'band ho ?ja(yega|ega|ayega|yegi|egi)', 'band kar (diya|denge|di)', 'band hone', 'bnd ho', 'kat ja(yega|ega|yegi)', 'kaat (di|diya|denge)', 'kat (dengi|denge)', 'block ho ?ja(yega|ega)', 'giraftar', 'girftar',
  'बंद', 'ब्लॉक', 'निलंबित', 'काट', 'कट जाएगा', 'कट जाएगी', 'गिरफ्तार', 'वारंट', 'कानूनी कार्रवाई', 'जेल', 'जुर्माना', 'मुकदमा', 'एफआईआर',
]);

/** Moving the talk somewhere we cannot see: chat apps, calls, remote screens, a link to click. */
export const offPlatform = anyOf([
  'sampark (karein|karo|kare|kijiye|karen)', 'baat (karo|karein|kijiye)', 'whats ?app', 'watsapp', 'whatsup', 'wtsp', 'wa\\.me', 'telegram', 't\\.me', 'tg (group|channel|id)', 'dm me', 'dm for', 'inbox me', 'ping me',
  'message me (on|at)', 'msg me', 'call (me|now|on|at|this|us|karo|kare|karein|kijiye)', 'contact (on|at|us|now|me|karo|karein|kare|kijiye|immediately)', 'reach (me|us) (on|at)',
  'click (on )?(the |this |below )?(link|here|below)', 'click to', 'tap (here|to|on the link|the link)', 'link (pe|par|per) click', 'click (karo|karein|kare|kariye)', 'download (the |this |our )?app', 'install (the |this )?app',
  'video call', 'skype', 'any ?desk', 'team ?viewer', 'rust ?desk', 'quick ?support', 'screen shar(e|ing)',
  'व्हाट्सएप', 'व्हाट्सऐप', 'टेलीग्राम', 'कॉल करें', 'कॉल करे', 'संपर्क करें', 'लिंक पर क्लिक', 'क्लिक करें', 'ऐप डाउनलोड',
]);

/** Promises: money won, money doubled, money every day. */
export const promise = anyOf([
  'guarantee(d)?', 'assured (return|profit|income)s?', '100 ?% (profit|return|returns|safe|guarantee|sure)', 'double (your|ur|the) (money|investment|amount)',
  'money doubl', '\\d+ ?x (returns?|profit)', 'daily (profit|income|returns?|earning|payout)', '\\d+ ?% (daily|per day|a day|weekly|per week|monthly return)',
  'earn (up ?to |upto |rs\\.?|₹|\\d)', 'kamaye', 'kamao', 'kamaiye', '(rs\\.?|₹|inr) ?\\d[\\d,]* ?(per day|daily|roz|rozana|/day|a day)',
  'you (have )?won', 'won (a|an|the|rs|₹|\\d)', 'winner', 'jackpot', 'free [a-z0-9]{0,8} ?(gift|iphone|phone|recharge|laptop|scooty|data)',
  'inaam', 'inam', 'jeeta', 'jeete', 'jeeti', 'jeet gaye', 'sure ?shot', 'pakka (profit|munafa)',
  'गारंटी', 'पक्का मुनाफा', 'दोगुना', 'डबल', 'इनाम', 'जीता', 'जीते', 'जीती', 'लॉटरी', 'कमाएं',
]);

// ---- Where the scam comes from --------------------------------------------------------------------------------

export type Pattern =
  | 'upi-collect'
  | 'kyc-threat'
  | 'bill-disconnection'
  | 'digital-arrest'
  | 'task-job'
  | 'investment'
  | 'lottery'
  | 'loan-app'
  | 'customer-care'
  | 'olx-army'
  | 'job-fee'
  | 'sextortion'
  | 'sim-swap'
  | 'subsidy'
  | 'lookalike-domain'
  | 'shortener';

/** Each scheme's subject (topic) and its fraudulent move (hook); both together are the scheme. */
export type Scheme = {
  pattern: Pattern;
  topic: RegExp;
  hook: RegExp;
  /** A move that gives the scheme away by itself (no one needs a PIN to receive money). */
  decisive?: RegExp;
  /** A fee asked for is this scheme's hook too (a job, a prize or a subsidy never costs a fee). */
  feeIsHook?: boolean;
};

export const schemes: Scheme[] = [
  {
    pattern: 'upi-collect',
    topic: anyOf([
      'collect request', 'payment request', 'request money', 'money request', 'request', 'by mistake', 'galti se', 'scan', 'qr\\b', 'upi pin', 'upi',
      'phone ?pe', 'g ?pay', 'google pay', 'paytm', 'bhim', 'क्यूआर', 'स्कैन', 'यूपीआई',
    ]),
    hook: anyOf([
      '(scan|pin|approve|accept|enter|pay).{0,60}(to )?(receive|get|credit|claim)', '(receive|get|credit|claim).{0,60}(scan|upi pin|enter (your )?pin|approve|accept)',
      'to receive', 'for receiving', 'paise (receive|milenge|mil jayenge|aa jayenge|credit)', 'receive (karne|krne)', '(pin|qr).{0,30}(daal|dal|enter|lagao|scan).{0,40}(paise|paisa|payment|amount|refund)',
      '(paise|paisa|payment|amount|refund|cashback).{0,40}(pin|qr).{0,30}(daal|dal|enter|lagao|scan)',
      'प्राप्त करने', 'पैसे (मिल|आ) जाएंगे', 'रिसीव',
    ]),
    decisive: anyOf([
      '(scan|enter (your |the )?(upi )?pin|pin (daal|dal|enter|laga)|accept|approve)[^.!?\\n]{0,80}(receive|be credited|get credited|credit (ho|hoga)|get (the |your )?(money|amount|payment)|wapas aa|aa jayenge|mil jayenge|milenge)',
      '(scan|upi pin|enter (your |the )?pin|put (your )?(upi )?pin|approve|accept)[^.!?\\n]{0,60}(to |and )(receive|get (the )?(money|amount|payment|refund|cashback)|claim|credit)',
      '(to|for) (receive|receiving|get|getting) (the |your )?(money|payment|amount|refund|cashback)[^.!?\\n]{0,40}(scan|enter (your |the )?(upi )?pin|approve|accept)',
      '(qr|pin|request)[^.!?\\n]{0,30}(scan|daal|dal|enter|accept)[^.!?\\n]{0,40}(paise|paisa|payment|amount|refund|cashback)[^.!?\\n]{0,30}(receive|milenge|mil jayenge|aa jayenge|credit|wapas)',
      '(receive|credit)[^.!?\\n]{0,20}(karne|krne) ke liye[^.!?\\n]{0,40}(scan|pin)',
      '(accept|approve)[^.!?\\n]{0,60}(enter|put|type|daal|dal)[^.!?\\n]{0,10}(upi )?pin', '(sent|bheja|bheji|bhej diya)[^.!?\\n]{0,30}(by mistake|galti se)[^.!?\\n]{0,60}(accept|approve|pin)',
      '(स्कैन|पिन|स्वीकार|accept)[^।\\n]{0,60}(प्राप्त|मिल जाएंगे|आ जाएंगे)', '(प्राप्त करने|पाने) के लिए[^।\\n]{0,60}(स्कैन|पिन)',
    ]),
  },
  {
    pattern: 'kyc-threat',
    topic: anyOf([
      'e?-?kyc', 'k\\.y\\.c', 're-?kyc', 'pan (card )?(link|update|not linked|expired|verification|is not)', 'aadhaa?r (link|update|seeding)',
      '(account|a/c|acc|acct|khata|khaata|card|yono|net ?banking|wallet)[^.]{0,40}(block|suspend|freez|frozen|deactivat|closed|on hold|band|restricted)',
      'reward points', 'yono', 'income ?tax (refund|department)', 'tax refund', 'it refund', 'pf (withdrawal|claim|balance)', 'epfo', 'केवाईसी', 'पैन', 'खाता', 'अकाउंट', 'आयकर',
    ]),
    hook: anyOf([
      'update (now|your|immediately|kyc|pan|karein|karo|kare|kijiye)', 'complete (your |the )?(e-?kyc|kyc|verification|re-?kyc)', 'click', 'link (pe|par|per|below|here)', 'call', 'download', 'redeem', 'verify (now|your|kyc)',
      'अपडेट करें', 'लिंक', 'कॉल',
    ]),
  },
  {
    pattern: 'bill-disconnection',
    topic: anyOf([
      'electricity', 'electric(ity)? (bill|connection|supply|board|office|department)', 'power (supply|connection|cut)', 'bijli', 'bijlee', 'light (cut|kat|kaat)', 'meter',
      'gas connection', 'lpg connection', 'बिजली', 'विद्युत', 'मीटर', 'गैस कनेक्शन',
    ]),
    hook: anyOf([
      '(disconnect|cut|kat|kaat|band).{0,80}(call|contact|officer|\\d{10}|tonight|9[.:]30|today|aaj)',
      '(call|contact|officer|\\d{10}).{0,80}(disconnect|cut|kat|kaat|band)', 'previous month (bill|’s bill|\'s bill) (was )?not', 'bill (not )?update', 'electricity officer', 'bijli (officer|adhikari)',
      '(काट|कट|बंद).{0,80}(संपर्क|कॉल|अधिकारी|\\d{10}|आज रात|रात)', '(संपर्क|कॉल|अधिकारी|\\d{10}).{0,80}(काट|कट|बंद)',
    ]),
  },
  {
    pattern: 'digital-arrest',
    topic: anyOf([
      'digital arrest', 'parcel', 'courier', 'fed ?ex', 'dhl\\b', 'blue ?dart', 'customs', 'drugs?', 'narcotics', 'mdma', 'illegal (items|passports|goods)', 'cbi\\b', 'ed officer\\b',
      'enforcement directorate', 'ncb\\b', 'trai\\b', '(mumbai|delhi|cyber|crime branch) police', 'cyber ?(crime )?(cell|branch|police|department) (officer|se|from)', 'money laundering',
      'aadhaa?r (is |has been |was )?(misused|used|linked to)', 'your (mobile |phone )?number (is|has been|was) (used|involved|linked|misused)', 'rbi officer', 'crime branch',
      'पार्सल', 'कूरियर', 'ड्रग्स', 'सीबीआई', 'डिजिटल अरेस्ट', 'मनी लॉन्ड्रिंग', 'पुलिस', 'क्राइम ब्रांच',
    ]),
    hook: anyOf([
      "(you|your|you're|u|aap|aapko|aapke|aapka|tum|tumhe|tumhare)\\b.{0,50}(arrest|warrant|giraftar|jail|case|fir\\b|legal action|seized)", '(arrest|warrant|case|fir\\b).{0,30}(against you|in your name|aapke naam|aapke khilaf)',
      'digital arrest', 'non[ -]?bailable', "(don't|do not|dont|never) (tell|inform) (anyone|anybody|your family|family)", '(kisi ko|kisi se|family ko|ghar pe) (bhi )?(mat|na|nahi) (batana|batao|bataye|batayein)',
      '(verification|security|clearance|settlement) (amount|deposit|fee|money)', 'skype', 'video call', "(don't|do not|dont|mat) (tell|inform|batana|disconnect)", 'stay on (the )?call',
      '(आप|आपको|आपके|आपका|तुम).{0,50}(गिरफ्तार|वारंट|जेल|केस|एफआईआर|डिजिटल अरेस्ट)', 'किसी को (न|मत|नहीं) बता', 'वीडियो कॉल',
    ]),
    decisive: anyOf([
      "(you are|you're|u r|you have been|aap|aapko|tumhe)[^.!?\\n]{0,20}(under )?digital(ly)? arrest", 'under digital arrest', 'digital arrest (kiya|ho|kar)',
      '(verification|security|settlement|clearance) (amount|deposit|money)', '(आपको|आप)[^।\\n]{0,20}डिजिटल अरेस्ट',
    ]),
  },
  {
    pattern: 'task-job',
    topic: anyOf([
      'tasks?\\b', 'like (youtube |yt |insta |instagram |fb )?(videos?|posts?|reels?|pages?)', 'subscribe (channels?|youtube|yt)', 'rate (hotels?|restaurants?|products?|movies?)',
      'google reviews?', '(review|rating) (tasks?|jobs?|work)', 'follow (instagram|insta) (pages|accounts)', 'part[ -]?time', 'work from home', 'wfh', 'ghar baithe', 'ghar se kaam',
      'prepaid task', 'merchant task', 'from home', 'ghar se', '(videos?|posts?|reels?) like (karo|karna|karke|karne)', 'har (video|like|task|review)', 'subscribe', 'सब्सक्राइब', 'चैनल', 'simple (work|job)', 'easy (work|job|money)', 'घर बैठे', 'टास्क', 'लाइक', 'पार्ट टाइम',
    ]),
    hook: anyOf([
      '(earn|kama|income|salary|payment|paid|commission|rs\\.?|₹|inr|\\d+ ?/-).{0,80}(per (day|task|like|video|review)|daily|roz|rozana|har din|prati din|प्रतिदिन|रोज)',
      '(per (like|task|video|review)|har (like|task|video))', 'har (video|like|task|review) (ka|ke|pe|par)', '(\\d+ ?(rs|rupaye|rupees)|₹ ?\\d+) (milega|milenge|milta)', '(earn|kama|income|salary|rs\\.?|₹|inr)[^.!?\\n]{0,40}(per month|a month|/month|monthly|mahina|mahine|महीना|महीने)', '(₹|rs\\.?|inr) ?\\d+ ?(per|har|/)', 'telegram', 'whats ?app', 'no experience', 'no investment',
      'kamaye', 'kamao', 'कमाएं', 'कमाई',
    ]),
  },
  {
    pattern: 'investment',
    topic: anyOf([
      'trading', 'trade', 'crypto', 'bitcoin', 'btc\\b', 'usdt\\b', 'forex', 'stock tips?', 'stock market', 'share market', 'ipo\\b', 'intraday', 'f ?& ?o', 'options', 'sure ?shot',
      'vip group', 'premium group', 'investment plan', 'invest', 'stocks?', 'mutual fund', 'profit',
      'निवेश', 'ट्रेडिंग', 'शेयर', 'क्रिप्टो', 'इन्वेस्ट',
    ]),
    hook: anyOf([
      'guarantee(d)?', 'assured', '100 ?% (profit|return|returns|sure|safe)', 'double (your|ur|the)', 'money doubl', '\\d+ ?x (returns?|profit|in)', '\\d+ ?% (daily|per day|a day|weekly|per week|every week|har din|roz)',
      'daily (profit|returns?|income)', 'risk[ -]?free', 'no risk', 'zero risk', 'sure ?shot', 'pakka (profit|munafa)', 'loss (recovery|cover)', 'join (my |our )?(vip|premium|telegram|whats ?app)',
      'गारंटी', 'पक्का', 'दोगुना', 'डबल', 'बिना जोखिम',
    ]),
  },
  {
    pattern: 'lottery',
    feeIsHook: true,
    topic: anyOf([
      'lottery', 'kbc\\b', 'kaun banega crorepati', 'lucky draw', 'lucky winner', 'lucky number', 'jackpot', 'you (have )?won', 'won (a|an|the|rs|₹|\\d)', 'prize', 'inaa?m', 'bumper', 'winner',
      'lakh (jeete|jeeta|jite|won)', 'jeet (gaye|gye)', 'इनाम', 'लॉटरी', 'केबीसी', 'लकी ड्रा', 'विजेता', 'जीत',
    ]),
    hook: anyOf([
      'fee', 'fees', 'charge', 'tax', 'gst', 'processing', 'deposit', 'pay', 'claim', 'whats ?app', 'call', 'contact', 'send', 'bhejo', 'jama',
      'शुल्क', 'फीस', 'टैक्स', 'जमा', 'संपर्क', 'कॉल',
    ]),
  },
  {
    pattern: 'loan-app',
    topic: anyOf([
      'loans?', 'instant (cash|money|credit)', 'pre-?approved', 'no cibil', 'without cibil', 'bina cibil', 'low cibil', 'bad cibil', 'cibil (score )?(nahi|not|chahiye nahi)',
      'लोन', 'ऋण', 'कर्ज',
    ]),
    hook: anyOf([
      '\\.apk', 'apk', 'download (the |this |our )?app', 'install', 'without (any )?documents?', 'bina (kisi )?document', 'no documents?',
      'in (\\d+|five|ten|2|5|10) ?(minutes?|mins?)', 'instant(ly)? (approval|approved|disburs)', 'loan (is )?approved', 'whats ?app', 'telegram', 'no cibil', 'without cibil', 'bina cibil',
      'बिना (दस्तावेज|डॉक्यूमेंट|सिबिल)', 'मिनट में',
    ]),
  },
  {
    pattern: 'customer-care',
    topic: anyOf([
      'customer (care|service|support)', 'helpline', 'help ?line', 'toll[ -]?free', 'support (number|no)', 'care (number|no)', 'complaint (number|no)', 'refund', 'कस्टमर केयर', 'हेल्पलाइन', 'रिफंड',
      'if not (done|initiated|made|authori[sz]ed) by you', 'transaction (of|for) (rs|₹|inr)', 'has been (charged|debited)',
    ]),
    hook: anyOf([
      'any ?desk', 'team ?viewer', 'quick ?support', 'rust ?desk', 'screen shar', 'remote', '(?<![\\d])(\\+?91[\\s.-]*|0)?[6-9](?:[\\s.-]?\\d){9}(?!\\d)',
      '(customer (care|service|support)|helpline|help ?line|care|support|refund)[^.\\n]{0,60}[6-9]\\d{9}', '[6-9]\\d{9}[^.\\n]{0,60}(customer (care|service|support)|helpline|care|support|refund)',
      '(कस्टमर केयर|हेल्पलाइन|रिफंड)[^।\\n]{0,60}[6-9]\\d{9}',
    ]),
  },
  {
    pattern: 'olx-army',
    topic: anyOf([
      'army', 'armed forces', 'crpf\\b', 'cisf\\b', 'bsf\\b', 'itbp\\b', 'jawan', 'fauji', 'defence', 'cantonment', 'olx', 'quikr', 'marketplace', 'military', 'air ?force', 'navy',
      'सेना', 'आर्मी', 'फौजी', 'जवान',
    ]),
    hook: anyOf([
      'qr', 'advance', 'gpay', 'google pay', 'phonepe', 'paytm', 'scan', 'first (you )?(send|pay)', 'pehle (aap )?(bhejo|pay|payment)', '(send|pay) (me )?(rs\\.?|₹|\\d)', 'transfer',
      'verify (your )?(account|upi)', 'रुपये भेजें', 'एडवांस',
    ]),
  },
  {
    pattern: 'job-fee',
    feeIsHook: true,
    topic: anyOf([
      'jobs?', 'naukri', 'nokri', 'naukari', 'vacanc(y|ies)', 'hiring', 'recruitment', 'offer letter', 'appointment letter', 'selected', 'selection', 'interview', 'joining', 'placement',
      'airport', 'railway', 'govt job', 'sarkari naukri', 'नौकरी', 'भर्ती', 'वैकेंसी', 'चयन', 'जॉब',
    ]),
    hook: anyOf([
      '(registration|regd|reg|processing|joining|security|verification|training|kit|id card|uniform|documentation|interview|form|application)[ -]?(fee|fees|charge|charges|amount|deposit|money)',
      'refundable', 'pay (rs\\.?|₹|inr|\\d)', 'fees? (pay|jama|bharo|bhare|bharni|deni|dena|lagegi|lagega)', 'jama (karo|karein|kare|karna|karne)', 'शुल्क', 'फीस', 'जमा',
    ]),
  },
  {
    pattern: 'sextortion',
    feeIsHook: true,
    topic: anyOf([
      'nude', 'naked', 'private (video|photo|pic|pics|photos|moments)', 'intimate', 'obscene', 'porn', 'sex\\b', 'video call record', 'recorded (your |ur )?(video|call)', 'morph(ed)?',
      'your (video|photos?|pics?) (is|are|will|has)', 'video (call|chat)', 'gandi video', 'ganda video', 'nanga', 'nangi', 'अश्लील', 'न्यूड', 'नंगा', 'गंदी वीडियो', 'प्राइवेट वीडियो', 'रिकॉर्ड', 'वीडियो कॉल',
    ]),
    hook: anyOf([
      'viral', 'leak', 'upload', '(send|share|forward|bhej)[a-z ]{0,14}(to )?(your |ur |teri |tere |all )?(family|contacts|friends|relatives|wife|husband|parents|office|colleagues)',
      '(family|contacts|friends|relatives|wife|husband|parents|office|colleagues) (will )?(see|get|watch|know)', 'youtube', 'delete', 'sabko bhej',
      'वायरल', 'अपलोड', 'परिवार',
    ]),
    decisive: anyOf([
      '(i have|i\'ve got|we have|i (saved|recorded|captured)|mere paas|meri paas|hamare paas|is with me)[^.!?\\n]{0,30}(your|ur|teri|tera|tere|tumhari|tumhara)?[^.!?\\n]{0,20}(nude|naked|nanga|nangi|private|intimate|obscene|gandi|ganda|morphed|video|photos?|pics?|recording)',
      '(nude|naked|nanga|nangi|private|intimate|obscene|gandi|ganda|morphed)[^.!?\\n]{0,30}(mere paas|meri paas|hamare paas|with me|is with us)',
      '(मेरे पास|हमारे पास)', '(अश्लील|न्यूड|नंगा|गंदी)[^।\\n]{0,30}(वीडियो|फोटो)',
    ]),
  },
  {
    pattern: 'sim-swap',
    topic: anyOf([
      'e-?sim', 'e sim', 'sim (card )?(upgrade|swap|block|deactivat|replace|replacement|verification|kyc|will|band|expire)', '(4g|5g) (sim|upgrade)', 'upgrade (to|your sim to) (4g|5g)', 'sim ',
      'सिम', 'ई-सिम',
    ]),
    hook: anyOf([
      'sms', 'send', 'forward', 'otp', 'code', 'press (1|one|9)', 'call', 'block', 'deactivat', 'band', 'hours?', 'ghante', 'भेजें', 'ओटीपी', 'बंद',
    ]),
  },
  {
    pattern: 'subsidy',
    feeIsHook: true,
    topic: anyOf([
      'yojana', 'yojna', 'pm kisan', 'pradhan ?mantri', 'pm (modi|awas|mudra|ujjwala|scheme)', 'subsidy', 'scheme', 'govt scheme', 'government scheme', 'sarkari', 'sarkar',
      'free (laptop|scooty|recharge|ration|mobile|cycle|tractor|solar|gas)', 'modi ji', 'berojgari bhatta', 'ration card', 'gas subsidy', 'solar (panel|pump)',
      'योजना', 'प्रधानमंत्री', 'सब्सिडी', 'सरकारी', 'मुफ्त', 'सरकार',
    ]),
    hook: anyOf([
      '(registration|processing|verification|form|application|activation)[ -]?(fee|fees|charge|charges|amount)', 'fee', 'pay (rs\\.?|₹|\\d)', 'click', 'link', 'forward (this|to|it)', 'share (this|to|with) \\d+',
      '\\d+ (groups|friends|people)', 'apply (now|here|today)', 'register (now|here|today)', 'last date', 'only today', 'jaldi', 'turant',
      'शुल्क', 'फीस', 'लिंक', 'क्लिक', 'आवेदन करें', 'रजिस्ट्रेशन',
    ]),
  },
];

// ---- What takes the sting out -----------------------------------------------------------------------------------

/** A member warning others, asking whether something is a scam, or telling what happened to them. */
export const warning = anyOf([
  'beware', 'heads up', 'watch out', 'be wary', 'fishy', 'suspicious', 'be aware', 'be careful', 'be cautious', 'be alert', 'be vigilant', 'caution', 'scam alert', 'fraud alert', 'psa\\b', 'warning', 'stay safe', 'stay alert', 'stay away',
  "(don't|do not|dont|never) fall", 'never (share|give|tell|enter|pay|click|send|scan|install|download|disclose|approve|accept)',
  "(?<!(if|else|or|warna|nahi to) (you |u )?)(don't|do not|dont|pls don't|please don't|please do not) (share|give|enter|pay|click|send|scan|install|download|disclose|approve|accept|trust|believe|respond|reply|panic|fall)",
  '(no|never does a|a real) ([a-z]+ )?(bank|rbi|police|government|govt|company|employer|officer|recruiter)s?[a-z ]{0,20}(ever )?(asks?|will ask|calls?|demands?|charges?|arrests?)',
  '(is|are|was|were|hai|hain|h) (totally |completely |clearly |all |a |an )?(fake|fraud|scam|phishing)\\b',
  '(bank|rbi|npci|uidai|trai|police|cbi|government|govt|employer|company|income tax department|irdai|sebi)s? (will )?never', 'there is no (such thing as )?(a )?digital arrest', 'no such thing as',
  'report (it |this |them |fraud |the number )?(at|to|on|via) ', 'report (karo|karein|kare|kijiye|kiya)', '1930', 'cybercrime\\.gov\\.in', 'sanchar ?saathi', 'chakshu',
  '(i|we|my [a-z]+|mom|dad|mummy|papa|someone|a friend|my friend|uncle|aunty|colleague) (got|received|am getting|get|have been getting|was getting|also got|just got|keep getting|almost)',
  'got (a|this|the|these|such|another|one) (call|message|msg|sms|mail|email|whatsapp|text)', 'someone (called|messaged|sent|tried)', 'received (a|this|the|these|such) (call|message|msg|sms|mail)',
  "(it's|its|it is|this is|that's|thats|this was|that is|clearly|obviously|totally|100%) (a |an )?(classic |common |new |obvious |typical )?(scam|fraud|fake|phishing)",
  '(is|was) (this|it|that) (a |an )?(scam|fraud|fake|legit|real|genuine|safe|true)', 'legit\\?', 'genuine\\?', 'scam\\?', 'fraud\\?', 'fake\\?', '(is|are) [^?]{0,60}(real|legit|genuine|safe|true|official)\\?',
  'got (it|this|them) (on|from|via)', 'mujhe (bhi )?(ek )?(call|message|msg|sms|whatsapp|mail) (aaya|aya|aayi|ayi)', 'maine (bola|kaha|mana|block|report|ignore)',
  "(does not|doesn't|do not|don't|never|will not|won't) (send|ask|call|share|charge|need|demand)s? (for )?(such|any|these|you|your|money|otp)",
  '(claimed|claiming|pretending|pretended|posing|posed) (to be|as)', '(i|we|he|she) (refused|declined|ignored|blocked|reported|hung up|disconnected)', '(?<!(not|no|koi|nahi|nhi) (a )?)scams?\\b', 'scammers?', 'fraudsters?', '(buyer|caller|he|she|they|woh|wo|usne|unhone) (says|said|bolta|bola|boli|kehta|kaha)', 'scammed', 'got scammed', 'was scammed', 'cheated', 'lost (rs|₹|inr|money|\\d|my|all)', 'ignore (such|these|this|them)', 'block (and|&) report',
  'fake (call|message|msg|sms|website|site|link|number|app|job|offer|profile|officer|police|id)s?', 'red flags?', 'modus operandi', 'how (this|the|these) scams?', 'awareness',
  '(asked|told|wanted|forced|pressured) (me|him|her|them|us|my [a-z]+) to', 'they (asked|said|told|wanted|kept|threatened)', 'he (asked|said|told)', 'she (asked|said|told)',
  'savdhan', 'sawdhan', 'saavdhan', 'saavdhaan', 'satark', 'bach ?ke', 'bacho', 'bachein', 'bachiye', 'bache', 'dhokha', 'dhoka', 'dhokhe', 'thagi', 'thag', 'farzi', 'farji',
  '(fake|fraud|scam|froud) (hai|he|tha|h\\b)', '(share|bhejna|dena|click|scan|daalna|dalna) mat', 'mat (bhejna|karo|karna|dena|do|kholo|kholna|dabao|uthao|daalo)', '(otp|pin|password|cvv)[a-z ]{0,20} mat',
  'kabhi (bhi )?(mat|nahi|na)', 'koi (bhi )?(bank|police|sarkar|company|officer)[a-z ]{0,20}(nahi|nhi|na)', 'pucha ki', 'bola ki', 'keh (rahe|raha|rhe|rha)', 'kaha ki', 'ne (call|message|msg) kiya',
  'सावधान', 'सतर्क', 'सावधानी', 'बचें', 'बचो', 'बचिए', 'ठगी', 'ठग', 'धोखा', 'धोखे', 'धोखाधड़ी', 'फर्जी', 'फ्रॉड से', 'साझा न करें', 'शेयर न करें', '(ओटीपी|पिन|पासवर्ड)[^।]{0,20}(न|मत) बताएं', 'मत करें', 'कभी भी', 'कभी न',
  'रिपोर्ट करें', 'शिकायत करें', 'जागरूक', 'मुझे (भी )?(कॉल|मैसेज)', 'ने कहा', 'कोई भी बैंक',
]);

/** Words that turn a line into its opposite when they stand right before an ask: "never share the OTP". */
/** The writer asking the community for help ("can someone tell me how to reset my UPI PIN"), not asking for a secret. */
export const helpSeeking = /(?:(?<![a-z])(?:koi|anyone|someone|somebody|can (?:someone|anyone)|kya koi|how (?:do|to|can|should)|kaise|kaun|where|which)(?![a-z])|कोई|कैसे)[^.!?\n]{0,40}$/;

export const negationNear =
  /(?:(?<![a-z])(?:never|don't|do not|dont|not|no one|nobody|mat|nahi|nhi|na|mt|kabhi)(?![a-z])|मत|नहीं|कभी|(?<![\u0900-\u097f])न(?![\u0900-\u097f]))[^\u0900-\u097fa-z0-9]*(?:[^\s]+\s+){0,4}$/;
export const negationAfter = /^[^\u0900-\u097fa-z0-9]*(?:[^\s]+\s+){0,3}(?:(?<![a-z])(?:mat|nahi|nhi|mt)(?![a-z])|मत|नहीं|(?<![\u0900-\u097f])न(?![\u0900-\u097f]))/;
