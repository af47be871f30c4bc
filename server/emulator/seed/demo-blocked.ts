/**
 * The moderation rules of the demo queue and the messages they held back. As the service states
 * them, a text rule's `condition.message` is a string, an image rule's a list.
 */
export const rules = {
  profanity: {
    ruleId: 'text-profanity-filter',
    ruleName: 'Profanity Filter',
    condition: {
      id: 1,
      isKeywordsReferencePresent: true,
      isMediaPresent: false,
      entity: 'message',
      operand: 'text',
      category: 'word',
      operator: 'contains',
      value: ['profanity-list'],
      message: 'Text message contains a word from the profanity list',
      weight: 1,
    },
  },
  toxicity: {
    ruleId: 'toxicity',
    ruleName: 'AI Toxicity Filter',
    condition: {
      id: 1,
      isKeywordsReferencePresent: false,
      isMediaPresent: false,
      entity: 'message',
      operand: 'text',
      category: 'toxicity',
      operator: 'contains',
      value: ['Toxicity_greaterThan_70'],
      message: 'Text message contains Toxicity greater than 70%',
      weight: 1,
    },
  },
  contact: {
    ruleId: 'contact_details_filter',
    ruleName: 'Contact Details Filter',
    condition: {
      id: 1,
      isKeywordsReferencePresent: false,
      isMediaPresent: false,
      entity: 'message',
      operand: 'text',
      category: 'pattern',
      operator: 'contains',
      value: ['phone_number'],
      message: 'Text message contains a phone number',
      weight: 1,
    },
  },
  email: {
    ruleId: 'email_filter',
    ruleName: 'Email Filter',
    condition: {
      id: 1,
      isKeywordsReferencePresent: false,
      isMediaPresent: false,
      entity: 'message',
      operand: 'text',
      category: 'pattern',
      operator: 'contains',
      value: ['email_address'],
      message: 'Text message contains an email address',
      weight: 1,
    },
  },
  image: {
    ruleId: 'image-moderation',
    ruleName: 'AI Image Moderation',
    condition: {
      id: 1,
      isKeywordsReferencePresent: false,
      isMediaPresent: true,
      entity: 'message',
      operand: 'image',
      category: 'word',
      operator: 'contains',
      value: ['Any unsafe content_greaterThan_70'],
      message: ['Image contains Any unsafe content with confidence greater than 70'],
      weight: 1,
    },
  },
} as const;
export type RuleKey = keyof typeof rules;

export interface BlockedSeed {
  rule: RuleKey;
  text?: string;
  status: 'pending' | 'approved' | 'rejected';
}

/** In timeline order; each lands in a different conversation slot of the demo timeline. */
export const blockedSeeds: readonly BlockedSeed[] = [
  { rule: 'profanity', text: 'damn, that was close', status: 'approved' },
  { rule: 'contact', text: 'My number is 555-0188, text me', status: 'rejected' },
  { rule: 'profanity', text: 'This update is total crap, fix your damn app', status: 'pending' },
  { rule: 'contact', text: "Call me on +1 415 555 0134 and I'll sort it out", status: 'pending' },
  { rule: 'email', text: 'Send the invoice to jake.rivera@example.net', status: 'pending' },
  { rule: 'image', status: 'pending' },
  { rule: 'toxicity', text: "You're all idiots, seriously", status: 'pending' },
  { rule: 'email', text: 'Reach me privately: mia.j@example.org', status: 'pending' },
  { rule: 'contact', text: 'WhatsApp me at +44 7700 900123 for the real price', status: 'pending' },
  { rule: 'image', status: 'pending' },
  { rule: 'profanity', text: 'What the hell happened to search?', status: 'pending' },
  {
    rule: 'email',
    text: 'Email sales-deals@example.com for 80% off today only',
    status: 'pending',
  },
  { rule: 'image', status: 'pending' },
  { rule: 'toxicity', text: 'Shut up already, nobody asked', status: 'pending' },
  { rule: 'contact', text: 'ring me 020 7946 0958 after six', status: 'pending' },
];

export const imageData = (n: number) => {
  const url = `https://media.example.com/uploads/photo-${n}.jpg`;
  return {
    url,
    attachments: [
      {
        name: `photo-${n}.jpg`,
        extension: 'jpg',
        size: 183_204 + n * 977,
        mimeType: 'image/jpeg',
        url,
      },
    ],
  };
};
