/**
 * One support conversation: the thread as a chat (the player's messages on the left, support's on
 * the right), the reply box with its canned answers, and the player beside them. The page asks
 * again every few seconds, so a new message of the player shows up without a reload.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link, Show, useBasename, useRecordContext } from 'react-admin';
import type { BackofficeSupportConversationDetail, BackofficeSupportMessage } from '@orbit/contracts';
import { CloseButton, ReplyBox } from './ReplyBox';
import { SUPPORT_REFETCH_MS } from './resource';

const when = (at: string) => new Date(at).toLocaleString();

function Bubble({ message }: { message: BackofficeSupportMessage }) {
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
        {mine ? (message.operator_name ?? 'Support') : 'Player'} · {when(message.created_at)}
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
        <Bubble key={message.id} message={message} />
      ))}
      <div ref={end} />
    </Box>
  );
}

/** Who writes: enough to recognise the player, and the way to their full card. */
function PlayerSummary() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  const basename = useBasename();
  if (!conversation) return null;
  return (
    <Card variant="outlined" data-testid="support-player">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Player
        </Typography>
        <Typography variant="body2">{conversation.player_email ?? 'unknown address'}</Typography>
        <Typography variant="body2">Player id {conversation.user_id}</Typography>
        <Link to={`${basename}/players/${conversation.user_id}/show`}>Open the player’s card</Link>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Chip
            size="small"
            label={`Queue: ${conversation.queue}`}
            color={conversation.queue === 'vip' ? 'secondary' : 'default'}
          />
          <Chip
            size="small"
            label={conversation.status}
            color={conversation.status === 'open' ? 'success' : 'default'}
          />
        </Stack>
        <Typography variant="caption">Opened {when(conversation.created_at)}</Typography>
        {conversation.unread_by_player > 0 && (
          <Typography variant="caption">{`Not seen by the player yet: ${conversation.unread_by_player}`}</Typography>
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
      Closed {conversation.closed_at ? when(conversation.closed_at) : ''}: {conversation.close_reason}. The player’s
      next message opens a new conversation.
    </Alert>
  );
}

function ConversationTitle() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  return <span>{conversation ? `Support: ${conversation.player_email ?? `player ${conversation.user_id}`}` : ''}</span>;
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
          <PlayerSummary />
          <CloseButton />
        </Box>
      </Box>
    </Show>
  );
}
