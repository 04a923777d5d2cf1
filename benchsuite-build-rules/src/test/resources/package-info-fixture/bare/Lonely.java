package bare;

class Lonely {}
