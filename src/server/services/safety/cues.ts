/**
 * Cues that tell a scam from a member warning others about one. Both carry the same scam words; what differs is who
 * speaks to whom. A scam gives the reader a live channel (a link, a number, a UPI ID, a Telegram or WhatsApp handle,
 * a QR code) and tells them to use it; a warning narrates (third person, past tense: "my uncle got a call saying…")
 * and advises ("never share", "report at 1930"). Each cue is a feature of the learned second stage (model.ts).
 *
 * Read on normalised text (normalise.ts), so evasions are already undone.
 */

const NEGATION_BEFORE = /(?:never|don't|dont|do not|not|no|mat|na|mt|kabhi|nahi|nhi|मत|न|नहीं|कभी)\s+(?:\S+\s+){0,2}$/;

const LIVE_CHANNEL: RegExp[] = [
  /(?<![\d])(?:\+?91[\s-]?)?[6-9]\d{2}[\s-]?\d{3}[\s-]?\d{4}(?!\d)/, // a mobile number
  /(?<![\d])(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}(?!\d)/,
  /(?<![\w.])[a-z0-9][a-z0-9._-]+@[a-z]{2,}(?![\w.])/, // a UPI ID or address
  /(?:t\.me|telegram\.me|wa\.me|chat\.whatsapp\.com)\/\w+/, // Telegram or WhatsApp link
  /(?<![\w])@[a-z][a-z0-9_]{3,}/, // a handle
  /\bqr\b|क्यूआर|scan (?:this|the|karo|kare|karein)|स्कैन करें/, // a QR code to scan
  /\.apk\b/,
];

/** Words telling the reader to act now: use the channel. */
const INSTRUCTION =
  /(?<![a-z])(?:click|tap|call|pay|send|transfer|scan|join|download|install|share|reply|enter|approve|accept|deposit|contact|message|dm|register|claim|redeem|verify|update|log ?in|sign ?in|forward|fill|submit|whatsapp (?:me|us|karo|on)|karo|karein|kijiye|kariye|bhejo|bhejiye|bhej do|daalo|dalo|daliye|batao|bataiye|bata do|jama karo|bharo|bhariye|join karo|lagao)(?![a-z])|करें|करो|कीजिए|भेजें|भेजो|भेजिए|डालें|बताएं|बताइए|जुड़ें|जमा करें|भरें|दीजिए|लगाएं|खोलें/g;

/** Telling what happened (past tense, third person, "got a call"): how a member shares an experience. */
const NARRATION =
  /(?<![a-z])(?:got (?:a|an|this|the|one|same)|received|was (?:asked|told|called)|were asked|asked (?:me|him|her|them)|told (?:me|him|her|them)|called (?:me|him|her)|sent (?:me|him|her)|lost|fell for|almost|tried to|pretended|claimed|saying|said|says|my (?:uncle|aunt|mother|mom|father|dad|papa|friend|neighbour|neighbor|colleague|brother|sister|grandfather|grandmother|cousin|parents)|someone|scammers?|fraudsters?|they|he|she|gang|arrested|news|aaya tha|aayi thi|aaya|bola|boli|bole|kaha|hua|ho gaya|gaye|chale gaye|mere (?:papa|dost|bhai)|meri (?:mummy|dost|behen)|ne kaha)(?![a-z])|आया था|आई थी|कहा|हुई|हुआ|चले गए|मेरे|मेरी|ठगों|ठग|गिरोह|पकड़ा/g;

/** Advice and reporting: what a warning tells the reader to do instead. */
const ADVICE =
  /(?<![a-z])(?:never|don't|dont|do not|beware|careful|alert|psa|warning|awareness|report(?:ed)?|1930|cybercrime\.gov\.in|sancharsaathi|scam|fraud|fake|phishing|red flags?|stay safe|block and report|hang up|ignore|savdhan|saavdhan|dhyan|mat|bacho|sawdhan|fraud hai|fake hai)(?![a-z])|सावधान|सतर्क|फर्जी|धोखाधड़ी|ठगी|शिकायत|न बताएं|मत|जागरूक/g;

const count = (pattern: RegExp, text: string): number => {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text)) n++;
  pattern.lastIndex = 0;
  return n;
};

/** Instructions not negated ("never click", "link pe click mat karo" do not count). */
function instructions(text: string): number {
  let n = 0;
  for (const match of text.matchAll(INSTRUCTION)) {
    const before = text.slice(Math.max(0, match.index - 25), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
    if (NEGATION_BEFORE.test(before) || /^\s*(?:mat|na|nahi|मत|न)(?![a-z]|[\u0900-\u097f])/.test(after)) continue;
    n++;
  }
  return n;
}

export type Cues = { liveChannel: number; instruction: number; actionable: number; narration: number; advice: number };

/** The cues of one normalised text, each 0–1. `risky links` are links the rules judged not to be a known real site. */
export function readCues(text: string, riskyLink: boolean): Cues {
  const liveChannel = riskyLink || LIVE_CHANNEL.some((pattern) => pattern.test(text)) ? 1 : 0;
  const instruction = Math.min(instructions(text), 3) / 3;
  return {
    liveChannel,
    instruction,
    actionable: liveChannel && instruction > 0 ? 1 : 0,
    narration: Math.min(count(NARRATION, text), 4) / 4,
    advice: Math.min(count(ADVICE, text), 4) / 4,
  };
}
