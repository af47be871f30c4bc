/** The picker's common emoji with their CLDR names: single code points, skin tones, ZWJ sequences and flags. */
export const commonEmoji: readonly { emoji: string; name: string }[] = [
  { emoji: '👍', name: 'thumbs up' },
  { emoji: '👎', name: 'thumbs down' },
  { emoji: '❤️', name: 'red heart' },
  { emoji: '😂', name: 'face with tears of joy' },
  { emoji: '😀', name: 'grinning face' },
  { emoji: '😮', name: 'face with open mouth' },
  { emoji: '😢', name: 'crying face' },
  { emoji: '😡', name: 'enraged face' },
  { emoji: '🎉', name: 'party popper' },
  { emoji: '🙏', name: 'folded hands' },
  { emoji: '🔥', name: 'fire' },
  { emoji: '👀', name: 'eyes' },
  { emoji: '✅', name: 'check mark button' },
  { emoji: '💯', name: 'hundred points' },
  { emoji: '👍🏽', name: 'thumbs up: medium skin tone' },
  { emoji: '👋🏿', name: 'waving hand: dark skin tone' },
  { emoji: '👏🏻', name: 'clapping hands: light skin tone' },
  { emoji: '🤷‍♀️', name: 'woman shrugging' },
  { emoji: '👨‍👩‍👧', name: 'family: man, woman, girl' },
  { emoji: '🧑🏾‍💻', name: 'technologist: medium-dark skin tone' },
  { emoji: '❤️‍🔥', name: 'heart on fire' },
  { emoji: '🏳️‍🌈', name: 'rainbow flag' },
  { emoji: '🇫🇷', name: 'flag: France' },
  { emoji: '🇯🇵', name: 'flag: Japan' },
  { emoji: '🇧🇷', name: 'flag: Brazil' },
  { emoji: '🇺🇦', name: 'flag: Ukraine' },
  { emoji: '🏴󠁧󠁢󠁳󠁣󠁴󠁿', name: 'flag: Scotland' },
  { emoji: '🤝', name: 'handshake' },
];

const names = new Map(commonEmoji.map((entry) => [entry.emoji, entry.name]));

/** The CLDR name of a common emoji, if the picker knows it. */
export function emojiName(reaction: string): string | undefined {
  return names.get(reaction);
}

/** A spoken name for a reaction: the emoji's name when known, otherwise the text itself. */
export function reactionName(reaction: string): string {
  return names.get(reaction) ?? reaction;
}
