import { UNDETERMINED, type PostLanguage } from './post-languages.ts';

/**
 * The language of a post or comment, from its script and its words: no model, no dependency, a few microseconds a
 * text. Bengali, Tamil, Telugu and Kannada each have a script of their own. Devanagari is Hindi or Marathi, told
 * apart by their frequent function words and a few endings only Marathi has (`च्या`, `णार`, the letters `ळ`, `ऱ`, `ॲ`).
 * Latin letters are English unless Hindi function words (hai, nahi, kya, ke, ki, ko, tha, wala…) outweigh English
 * ones: Hinglish, `hi-Latn`. A text without letters, or in another script, is `und`.
 */

/** The scripts we count, by Unicode block; anything else with letters counts as `other`. */
type Script = 'latin' | 'deva' | 'beng' | 'taml' | 'telu' | 'knda' | 'other';

const BLOCKS: [from: number, to: number, script: Script][] = [
  [0x0900, 0x097f, 'deva'],
  [0xa8e0, 0xa8ff, 'deva'],
  [0x0980, 0x09ff, 'beng'],
  [0x0b80, 0x0bff, 'taml'],
  [0x0c00, 0x0c7f, 'telu'],
  [0x0c80, 0x0cff, 'knda'],
];

const SCRIPT_LANGUAGE: Partial<Record<Script, PostLanguage>> = { beng: 'bn', taml: 'ta', telu: 'te', knda: 'kn' };

/**
 * An Indian script's characters weigh twice a Latin letter: a syllable is often two code points, and people write
 * English words into Hindi or Tamil sentences far more often than the other way round ("आज का match बहुत boring था").
 */
const INDIC_WEIGHT = 2;

/** Digits and punctuation inside the Indian blocks (danda, double danda, each script's digits) are not letters. */
const isIndicNonLetter = (code: number) =>
  code === 0x0964 ||
  code === 0x0965 ||
  (code >= 0x0966 && code <= 0x096f) ||
  (code >= 0x09e6 && code <= 0x09ef) ||
  (code >= 0x0be6 && code <= 0x0bff && code !== 0x0bd7) ||
  (code >= 0x0c66 && code <= 0x0c6f) ||
  (code >= 0x0ce6 && code <= 0x0cef);

function scriptOf(code: number): Script | null {
  if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return 'latin';
  if (code < 0x80) return null;
  for (const [from, to, script] of BLOCKS) if (code >= from && code <= to) return isIndicNonLetter(code) ? null : script;
  if (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) return 'latin';
  return /\p{L}/u.test(String.fromCodePoint(code)) ? 'other' : null;
}

/** What is read: the words, without markup, links, addresses and @handles (a handle is a name, not a language). */
export function readableText(text: string): string {
  return text
    .slice(0, 4000)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/@[\p{L}\p{M}\p{N}_]+/gu, ' ')
    .normalize('NFC');
}

// Hindi and Marathi: words each uses often and the other rarely (a word both use often counts for neither).
const HINDI_WORDS = new Set(
  (
    'है हैं था थी थे हूं हो के को में से ने पर और भी नहीं नही यह वह ये वो क्या कैसे कैसा कैसी कौन कहां कहीं क्यों मैं मैंने मेरा मेरी मेरे ' +
    'मुझे तुम तुम्हारा तुम्हारी तुम्हें आप आपका आपकी आपके आपको हम हमारा हमारी हमारे हमें उनका उनकी उनके उसका उसकी उसके उसे उसने ' +
    'उन्हें इस उस इसका इसकी इसके इसे कर करना करें करो करते करता करती रहा रही रहे रहें गया गई गए गये हुआ हुई हुए लिए लिये लेकिन ' +
    'जो कि अब बहुत सब कुछ होगा होगी होंगे सकते सकता सकती चाहिए साथ बाद पहले यहां वहां तक अपना अपनी अपने किसी कोई जब तब अगर ' +
    'वाला वाली वाले आया आई आए मत दिया लिया ज्यादा सबसे हर कल दो जाता जाती जाते मिला मिली मिलेगा रहिए बताइए'
  ).split(' '),
);
const MARATHI_WORDS = new Set(
  (
    'आहे आहेत आहोत आहेस आहात नाही नाहीत आणि पण मी तू तुम्ही आम्ही आपण हे ते ती हा काय कसा कशी कसे कसं कोण कोणी कोणीही कोणाला ' +
    'कुठे कधी मला तुला त्याला तिला आम्हाला तुम्हाला त्यांना माझा माझी माझे माझ्या माझं तुझा तुझी तुझे तुझ्या तुमचा तुमची तुमचे ' +
    'तुमच्या आमचा आमची आमचे आमच्या आपला आपली आपले आपल्या त्याचा त्याची त्याचे त्याच्या त्यांचा त्यांची त्यांचे त्यांच्या ' +
    'होतं झाले झाला झाली झालं केले केला केली केलं करा करतो करते करतात करायला करायचं म्हणून सगळे सगळ्या सगळं खूप फार आता ' +
    'इथे इथले तिथे नको हवे हवं पाहिजे जर तर मध्ये साठी पर्यंत बद्दल सोबत नंतर आधी उद्या येथे असे अशी असा असं असते असतो असतात ' +
    'होईल आला आली आले गेला गेली गेले अजून अजूनही एकदम नका सुद्धा यंदा जायचं आहेस घरी लवकर म्हणाले म्हणाला म्हणाली म्हणजे ' +
    'म्हणतात म्हणतो सांगा सांगितलं सांगितले वाटलं वाटतं वाटते दिलं घेतलं गेलं आलं झालेत झालंय आहेच नाहीच त्या त्यांनी त्याने तिने ' +
    'ह्या ज्या जेव्हा तेव्हा परत पुन्हा जास्त मोठा मोठी मोठे चांगला चांगली चांगले वाईट लहान मुलं मुलगा मुलगी घ्या द्या बघा बघू ' +
    'करू जाऊ येऊ नेहमी खरंच कधीच नव्हता नव्हती नव्हते'
  ).split(' '),
);

/** Endings and letters Marathi has and Hindi does not. */
const MARATHI_ENDINGS = /(?:च्या|णार|मध्ये|साठी|सुद्धा|ांना|ांची|ांचा|ांचे|ायला|ायचं|लंय|तोय|ताय|[क-ह]ं)$/;
const MARATHI_LETTERS = /[ळऱॲ]/;
/** Endings of Hindi's plurals and future: `लोगों`, `जीतेगा`, `चलाएंगे`. */
const HINDI_ENDINGS = /(?:ों|ेगा|ेगी|ेंगे|एगा|एगी|एंगे)$/;

function hindiOrMarathi(words: string[]): 'hi' | 'mr' {
  let hindi = 0;
  let marathi = 0;
  for (const raw of words) {
    // Nukta and chandrabindu as most people type them (ज़्यादा → ज्यादा, यहाँ → यहां).
    const word = raw.replace(/\u093c/g, '').replace(/\u0901/g, '\u0902');
    if (HINDI_WORDS.has(word)) hindi += 1;
    else if (MARATHI_WORDS.has(word)) marathi += 1;
    else if (word.length > 2 && MARATHI_ENDINGS.test(word)) marathi += 1;
    else if (word.length > 2 && HINDI_ENDINGS.test(word)) hindi += 1;
    if (MARATHI_LETTERS.test(word)) marathi += 1;
  }
  // Hindi, the more common, unless Marathi's words outweigh it.
  return marathi > hindi ? 'mr' : 'hi';
}

// Hinglish: Hindi written in Latin letters. Words both write often ("to", "the", "main", "par", "me", "do") count for
// neither; Hindi words English has too, but rarely ("tab", "mat", "log"), count half.
const HINGLISH_WORDS = new Set(
  (
    'hai hain hoon hun hu nahi nahin nhi kya kyu kyun kyon kyunki kyonki aap aapka aapki aapke aapko apna apni apne mera meri mere mujhe ' +
    'mujhko tera teri tere tujhe tum tumhara tumhari tumhe tumko tumne humara hamara humein hume humko unka unki unke uska uski uske ' +
    'usko isko iska iski iske ke ki ko ka se mein mai maine tha thi thay wala wali wale waala bhi aur koi kuch kuchh sab sabko sabse ' +
    'bahut bohot bahot bht accha acha achha achchha theek thik yaar yar bhai bhaiya didi kaise kaisa kaisi kaun kahan kaha kab lekin ' +
    'magar abhi toh agar sirf haan raha rahi rahe gaya gayi gaye gya hua hui hue karna karo karein kar karke karte karta karti kiya kiye ' +
    'chahiye sakta sakte sakti hoga hogi honge hota hoti hote jata jaata jaati liye wahi yahi yeh woh wo kal aaj kaafi zyada jyada ' +
    'bilkul sahi galat pata dekh dekho dekhna bolo bola bol logon ghar paisa paise kaam samajh matlab sach bata batao chalo chal ' +
    'dost kitna kitne kitni waise vaise phir fir pehle baad saath sath ek baat raat zindagi pyaar diya liya lagta lagti laga lagi aaya ' +
    'aayi aaye aayega jayega milega mila mili baar naya nayi purana bada badi chota choti bekar bakwas arre arey shukriya dhanyavad ' +
    'kabhi hamesha zaroor zarur jaldi thoda thodi bahar andar upar neeche yahan wahan idhar udhar aise aisa waisa jaisa isliye tak ' +
    'wajah baare puchna poochna bolna sunna jana aana rehna khana pani badhiya mushkil baithe baitha hoon aayenge jaenge karenge ' +
    'dekhenge milenge rahenge chahta chahti jao aao raho paani baarish barish garmi thand subah shaam dopahar parso milte ' +
    'milna rukte chahte dekhte jaate aate rahte'
  ).split(' '),
);
const HALF_HINGLISH = new Set('tab jab mat log din dil hum ho ye jo bas ab pe chai mast na'.split(' '));
const ENGLISH_WORDS = new Set(
  (
    'a an is are was were be been am and or of in on at for with this that these those it its you your we our they their i my ' +
    'he she his her him have has had will would can could should not no what how why who when where which there here does did from ' +
    'by about if so but all any some just get got anyone someone please thanks thank today tomorrow yesterday very really than then ' +
    'also only new good best need looking after before still again every'
  ).split(' '),
);

/** Hindi's future tense in Latin letters (`khulenge`, `jeetega`, `milegi`), save the English words that end so. */
const HINGLISH_FUTURE = /^[a-z]{2,}(?:enge|ega|egi)$/;
const ENDS_SO_IN_ENGLISH = new Set('challenge challenges revenge omega mega vega'.split(' '));

function englishOrHinglish(words: string[]): 'en' | 'hi-Latn' {
  let hinglish = 0;
  let english = 0;
  for (const [index, raw] of words.entries()) {
    const word = raw.toLowerCase();
    // "hi" is Hindi's "only"/"even" after the first word ("pata hi nahi"), a greeting as the first.
    if (word === 'hi' && index > 0) hinglish += 0.5;
    else if (HINGLISH_FUTURE.test(word) && !ENDS_SO_IN_ENGLISH.has(word)) hinglish += 1;
    else if (ENGLISH_WORDS.has(word)) english += 1;
    else if (HALF_HINGLISH.has(word)) hinglish += 0.5;
    else if (HINGLISH_WORDS.has(word)) hinglish += 1;
  }
  if (hinglish >= 1.5 && hinglish >= 0.6 * english) return 'hi-Latn';
  // A word or two with nothing English beside it ("Shukriya", "Sahi hai").
  if (hinglish >= 1 && english === 0 && hinglish * 2 >= words.length) return 'hi-Latn';
  return 'en';
}

/** The language a text is in (a BCP 47 tag of ours), or `und`. */
export function detectLanguage(text: string): PostLanguage {
  const readable = readableText(text);
  const weight: Record<Script, number> = { latin: 0, deva: 0, beng: 0, taml: 0, telu: 0, knda: 0, other: 0 };
  let letters = 0;
  for (const char of readable) {
    const script = scriptOf(char.codePointAt(0)!);
    if (!script) continue;
    letters += 1;
    weight[script] += script === 'latin' || script === 'other' ? 1 : INDIC_WEIGHT;
  }
  if (letters < 2) return UNDETERMINED;
  const [script] = (Object.entries(weight) as [Script, number][]).reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  if (script === 'other') return UNDETERMINED;
  if (script === 'deva') return hindiOrMarathi(readable.match(/[\u0900-\u0963\u0970-\u097f]+/g) ?? []);
  if (script === 'latin') return englishOrHinglish(readable.match(/[a-z\u00c0-\u024f]+/gi) ?? []);
  return SCRIPT_LANGUAGE[script] ?? UNDETERMINED;
}

/** A post's language: its title and its text (HTML) read together. */
export const postLanguage = (title: string, description: string): PostLanguage => detectLanguage(`${title}\n${description}`);
