/**
 * One support conversation: the thread as a chat (the player's or visitor's messages on the left,
 * support's on the right), the reply box with its canned answers, and who writes beside them (a
 * player, a visitor, or the contact form's sender, answered by mail). The page asks again every
 * few seconds, so a new message shows up without a reload.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link, Show, useBasename, useRecordContext } from 'react-admin';
import type { BackofficeSupportConversationDetail, BackofficeSupportMessage } from '@orbit/contracts';
import { CloseButton, ReplyBox } from './ReplyBox';
import { SUPPORT_REFETCH_MS } from './resource';
import { LINE_LABELS, PARTY_LABELS, whoOf } from './who';

const when = (at: string) => new Date(at).toLocaleString();

/** How the other side's messages are signed: the player, the visitor, or the contact's name. */
function writerOf(conversation: BackofficeSupportConversationDetail): string {
  if (conversation.party === 'visitor') return 'Visitor';
  if (conversation.party === 'contact') return conversation.contact_name ?? 'Contact';
  return 'Player';
}

function Bubble({ message, writer }: { message: BackofficeSupportMessage; writer: string }) {
  const mine = message.author === 'operator';
  return (
    <Box
      data-testid="support-message"
      data-author={message.author}
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '75%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: mine ? 'primary.main' : 'grey.200',
        color: mine ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Typography>
      <Typography variant="caption" sx={{ opacity: 0.8 }}>
        {mine ? (message.operator_name ?? 'Support') : writer} · {when(message.created_at)}
      </Typography>
    </Box>
  );
}

/**
 * The messages, oldest first, scrolled to the newest whenever one arrives. Until the page's own
 * answer comes, the record may be the inbox's row (no messages yet).
 */
function Thread() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  const end = useRef<HTMLDivElement>(null);
  const messages = conversation?.messages ?? [];
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);
  if (!conversation) return null;
  return (
    <Box
      role="log"
      aria-label="Conversation"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2, maxHeight: '55vh', overflowY: 'auto' }}
    >
      {messages.map((message) => (
        <Bubble key={message.id} message={message} writer={writerOf(conversation)} />
      ))}
      <div ref={end} />
    </Box>
  );
}

/** The way to a player's full card. */
function PlayerCardLink({ userId }: { userId: number }) {
  const basename = useBasename();
  return <Link to={`${basename}/players/${userId}/show`}>Open the player’s card</Link>;
}

/** Who writes: enough to recognise them, and for a player the way to their full card. */
function WhoSummary() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  if (!conversation) return null;
  const { party, user_id } = conversation;
  return (
    <Card variant="outlined" data-testid="support-player">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {party === 'player' ? 'Player' : PARTY_LABELS[party]}
        </Typography>
        {party === 'player' && (
          <Typography variant="body2">{conversation.player_email ?? 'unknown address'}</Typography>
        )}
        {party === 'visitor' && (
          <Typography variant="body2">
            Not signed in: known by their chat cookie. If they sign up or sign in, this conversation becomes their
            account’s.
          </Typography>
        )}
        {party === 'contact' && (
          <>
            <Typography variant="body2">{conversation.contact_name}</Typography>
            <Typography variant="body2">{conversation.contact_email}</Typography>
            {conversation.contact_subject && (
              <Typography variant="body2">{`Subject: ${conversation.contact_subject}`}</Typography>
            )}
            <Alert severity="info">
              {`Answers are sent by mail to ${conversation.contact_email ?? 'the address given'}.`}
            </Alert>
          </>
        )}
        {user_id !== null && (
          <>
            <Typography variant="body2">
              {party === 'contact' ? `Sent signed in as player ${user_id}` : `Player id ${user_id}`}
            </Typography>
            <PlayerCardLink userId={user_id} />
          </>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Chip
            size="small"
            label={`Queue: ${conversation.queue}`}
            color={conversation.queue === 'vip' ? 'secondary' : 'default'}
          />
          <Chip size="small" label={LINE_LABELS[conversation.line]} />
          <Chip
            size="small"
            label={conversation.status}
            color={conversation.status === 'open' ? 'success' : 'default'}
          />
        </Stack>
        <Typography variant="caption">Opened {when(conversation.created_at)}</Typography>
        {conversation.unread_by_player > 0 && (
          <Typography variant="caption">{`Not seen by the ${party === 'visitor' ? 'visitor' : 'player'} yet: ${conversation.unread_by_player}`}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Closed() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  if (!conversation || conversation.status !== 'closed') return null;
  return (
    <Alert severity="info">
      Closed {conversation.closed_at ? when(conversation.closed_at) : ''}: {conversation.close_reason}.
      {conversation.party === 'contact'
        ? ' A new message through the contact form comes as a new conversation.'
        : ` The ${conversation.party === 'visitor' ? 'visitor' : 'player'}’s next message opens a new conversation.`}
    </Alert>
  );
}

function ConversationTitle() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  return <span>{conversation ? `Support: ${whoOf(conversation)}` : ''}</span>;
}

export function ConversationShow() {
  return (
    <Show queryOptions={{ refetchInterval: SUPPORT_REFETCH_MS }} title={<ConversationTitle />} actions={false}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { md: '1fr minmax(260px, 320px)' },
          gap: 2,
          p: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Thread />
          <Closed />
          <ReplyBox />
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <WhoSummary />
          <CloseButton />
        </Box>
      </Box>
    </Show>
  );
}
