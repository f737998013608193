// The thordb query language: `player = "Tastet Marc" and opening = f5d6`.
// Keywords are case-insensitive; `--` starts a comment. The parser is strict (anchored with EOF);
// QueryParser turns its tree into the typed AST of org.thordb.query.ast.
grammar ThorQuery;

options { caseInsensitive = true; }

@header { package org.thordb.query.parse; }

query : expr EOF ;

expr
    : NOT expr                      # notExpr
    | expr AND expr                 # andExpr
    | expr OR expr                  # orExpr
    | LPAREN expr RPAREN            # parenExpr
    | predicate                     # predicateExpr
    ;

predicate
    : nameField op=(EQ | TILDE) STRING                      # nameMatch
    | BASE EQ STRING                                        # baseMatch
    | numField IN INT DOTDOT INT                            # numRange
    | numField comparison INT                               # numCompare
    | numField comparison numField                          # fieldCompare
    | RESULT EQ outcome=(BLACK | WHITE | DRAW)              # resultMatch
    | OPENING EQ LINE                                       # openingMatch
    | POSITION EQ (LINE | STRING)                           # positionMatch
    ;

nameField : PLAYER | BLACK | WHITE | TOURNAMENT ;
numField : YEAR | SCORE | THEORETICAL | MOVES ;
comparison : EQ | NE | LT | LE | GT | GE ;

AND : 'and' ;
OR : 'or' ;
NOT : 'not' ;
IN : 'in' ;
PLAYER : 'player' ;
BLACK : 'black' ;
WHITE : 'white' ;
TOURNAMENT : 'tournament' ;
BASE : 'base' ;
YEAR : 'year' ;
SCORE : 'score' ;
THEORETICAL : 'theoretical' ;
MOVES : 'moves' ;
RESULT : 'result' ;
DRAW : 'draw' ;
OPENING : 'opening' ;
POSITION : 'position' ;

LINE : ([a-h] [1-8])+ ;
INT : [0-9]+ ;
STRING : '"' (~["\\\r\n] | '\\' ["\\])* '"' ;

EQ : '=' ;
NE : '!=' ;
LE : '<=' ;
GE : '>=' ;
LT : '<' ;
GT : '>' ;
TILDE : '~' ;
DOTDOT : '..' ;
LPAREN : '(' ;
RPAREN : ')' ;

COMMENT : '--' ~[\r\n]* -> skip ;
WS : [ \t\r\n]+ -> skip ;
ERROR_CHAR : . ;
