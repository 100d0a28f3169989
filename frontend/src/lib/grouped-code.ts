/** "AbCd EfGh IjKl MnOp QrSt Uv": a code read aloud or typed at the door is easier in fours. */
export const groupedCode = (code: string): string => code.replace(/(.{4})(?=.)/g, '$1 ');
