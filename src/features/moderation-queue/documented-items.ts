/**
 * Blocked-list items exactly as the service documents them (the "image rule" and "toxicity rule"
 * examples of the list-blocked-messages and list-reviewed-messages pages), for tests that need the
 * real shape rather than the emulator's.
 */
export const documentedImageItem = {
  ruleId: 'image-moderation',
  ruleName: 'AI Image Moderation',
  revisionId: '253156be20433c97_image-moderation_4',
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
  message: {
    id: '65',
    muid: '_5zytzmceo',
    conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
    sender: 'cometchat-uid-1',
    receiverType: 'user',
    receiver: 'cometchat-uid-2',
    category: 'message',
    type: 'image',
    data: {
      metadata: {
        file: [],
      },
      resource: 'WEB-4_0_3-ffa565b2',
      url: 'https://data-eu.cometchat.io/x.jpeg',
      attachments: [
        {
          name: 'download.jpeg',
          extension: 'jpeg',
          size: 4761,
          mimeType: 'image/jpeg',
          url: 'https://data-eu.cometchat.io/x.jpeg',
        },
      ],
      entities: {
        sender: {
          entity: {
            uid: 'cometchat-uid-1',
            name: 'Andrew Joseph',
            avatar: 'https://a',
            status: 'offline',
            role: 'default',
          },
          entityType: 'user',
        },
        receiver: {
          entity: {
            uid: 'cometchat-uid-2',
            name: 'George Alan',
            status: 'offline',
            role: 'default',
            conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
          },
          entityType: 'user',
        },
      },
      moderation: {
        status: 'pending',
      },
    },
    sentAt: 1719993037,
    updatedAt: 1719993037,
  },
  action: ['blockMessage'],
  createdAt: 1719993038,
  updatedAt: 1719993038,
};

export const documentedToxicityItem = {
  ruleId: 'toxicity',
  ruleName: 'AI Image Moderation',
  revisionId: '253156be20433c97_image-moderation_4',
  condition: {
    id: 1,
    isKeywordsReferencePresent: false,
    isMediaPresent: true,
    entity: 'message',
    operand: 'image',
    category: 'word',
    operator: 'contains',
    value: ['Any unsafe content_greaterThan_70'],
    message: 'Text message contains Toxicity greater than 70%',
    weight: 1,
  },
  message: {
    id: '65',
    muid: '_5zytzmceo',
    conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
    sender: 'cometchat-uid-1',
    receiverType: 'user',
    receiver: 'cometchat-uid-2',
    category: 'message',
    type: 'image',
    data: {
      metadata: {
        file: [],
      },
      resource: 'WEB-4_0_3-ffa565b2',
      url: 'https://data-eu.cometchat.io/x.jpeg',
      attachments: [
        {
          name: 'download.jpeg',
          extension: 'jpeg',
          size: 4761,
          mimeType: 'image/jpeg',
          url: 'https://data-eu.cometchat.io/x.jpeg',
        },
      ],
      entities: {
        sender: {
          entity: {
            uid: 'cometchat-uid-1',
            name: 'Andrew Joseph',
            avatar: 'https://a',
            status: 'offline',
            role: 'default',
          },
          entityType: 'user',
        },
        receiver: {
          entity: {
            uid: 'cometchat-uid-2',
            name: 'George Alan',
            status: 'offline',
            role: 'default',
            conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
          },
          entityType: 'user',
        },
      },
      moderation: {
        status: 'pending',
      },
    },
    sentAt: 1719993037,
    updatedAt: 1719993037,
  },
  action: ['blockMessage'],
  createdAt: 1719993038,
  updatedAt: 1719993038,
};
