/**
 * Frequently used passwords of 8+ characters (shorter ones fail the length rule anyway), after
 * the public top lists (SecLists, NCSC); plus a few a casino's players would pick. Kept short
 * on purpose: it ships to the page too. Lower-case; compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111',
  '111111111', '1111111111', '00000000', '000000000', '0000000000', '88888888', '87654321',
  '987654321', '9876543210', '11223344', '12341234', '12121212', '123321123', '123454321',
  '147258369', '159357456', '123qweasd', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx',
  '1qazxsw2', 'zaq12wsx', 'zaq1zaq1', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty1234',
  'qwerty12', 'qwe123qwe', '123qwe123', 'qweasdzxc', 'asdfghjk', 'asdfghjkl', 'asdf1234',
  'zxcvbnm1', 'zxcvbnm123', '1234qwer', 'qazwsxedc', 'password1', 'password12', 'password123',
  'password1234', 'password!', 'password01', 'p@ssw0rd', 'p@ssword', 'passw0rd', 'pa55word',
  'pa$$word', 'passpass', 'iloveyou', 'iloveyou1', 'iloveyou2', 'princess1', 'sunshine',
  'sunshine1', 'football', 'football1', 'baseball', 'basketball', 'superman', 'batman123',
  'starwars', 'trustno1', 'whatever', 'welcome1', 'welcome123', 'letmein1', 'letmein123',
  'changeme', 'changeme123', 'computer', 'internet', 'michelle', 'jennifer', 'jessica1',
  'charlie1', 'michael1', 'master123', 'mustang1', 'shadow123', 'dragon123', 'monkey123',
  'abc12345', 'abcd1234', 'abcdefgh', 'abcdefg1', 'a1b2c3d4', 'aa123456', 'qq123456', 'aaaaaaaa',
  'admin123', 'administrator', 'adminadmin', 'root1234', 'test1234', 'testtest', 'guest123',
  'login123', 'default1', 'secret123', 'hello123', 'hello1234', 'helloworld', 'lovelove',
  'loveyou1', 'lovely123', 'babygirl', 'babygirl1', 'chocolate', 'butterfly', 'liverpool',
  'chelsea1', 'arsenal1', 'manchester', 'barcelona', 'juventus', 'realmadrid', 'pokemon1',
  'naruto123', 'minecraft', 'fortnite1', 'playstation', 'xbox3601', 'samsung1', 'iphone123',
  'google123', 'facebook1', 'linkedin1', 'yahoo123', 'hotmail1', 'myspace1', 'freedom1',
  'killer123', 'soccer123', 'hockey123', 'jordan23', 'michael23', 'tigger123', 'summer2024',
  'summer2023', 'winter2024', 'spring2024', 'autumn2024', 'january1', 'december1', 'november1',
  'september', '1234abcd', 'asdasdasd', 'zxczxczxc', '5201314520', 'woaini1314', 'x4ivyga51f',
  '3rjs1la7qe', '1g2w3e4r', 'gwerty123', 'qwerty78', 'zaq!2wsx', '!qaz2wsx', '1qaz!qaz',
  '7777777a', '77777777', '99999999', '66666666', '55555555', '44444444', '33333333', '22222222',
  '121212121', '010203040506', '102030405060', '123456789a', 'a123456789', '123456789q',
  'q123456789', '123456abc', 'abc123456', 'poker123', 'casino123', 'jackpot1', 'blackjack',
  'roulette', 'lucky777', 'slots777', 'bitcoin1', 'orbit123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
